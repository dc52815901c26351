/** Environment → typed configuration (DESIGN.md §3). Fails fast, naming the variable. */
import path from 'node:path';
import { z } from 'zod';
import {
  LIVE_HEARTBEAT_MS,
  ALARMS_FIRING_PER_CLIENT_MAX,
  OTP_MAX_CODES_PER_HOUR,
  OTP_RESEND_COOLDOWN_SECONDS,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  type NotificationChannel,
} from '@switchboard/shared';
import { channelsConfig, channelsEnv, type ChannelsConfig } from './config-channels.ts';
import { satisfactionConfig, satisfactionEnv, type SatisfactionConfig } from './config-satisfaction.ts';
import { serviceLevelsConfig, serviceLevelsEnv, type ServiceLevelsConfig } from './config-service-levels.ts';
import { metricsConfig, metricsEnv, type MetricsConfig } from './config-metrics.ts';
import { readOrCreateDevSecret } from './config-dev-secrets.ts';
import { retentionConfig, retentionEnv, type RetentionConfig } from './config-retention.ts';
import {
  ConfigError,
  databaseUrl,
  isRedisUrl,
  notifyChannels,
  onOff,
  quietHours,
  trustProxyOf,
  type QuietHours,
} from './config-values.ts';

export type { QuietHours } from './config-values.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  // One host, or several of which the writable one is used (db/database-url.ts, DESIGN.md §29).
  DATABASE_URL: databaseUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  // Empty counts as unset: `REDIS_URL=` in an env file turns Redis off.
  REDIS_URL: z
    .string()
    .refine((value) => value === '' || isRedisUrl(value), 'must look like redis://host:6379 or rediss://host:6379/3')
    .optional(),
  BRAND_NAME: z.string().min(1).default('Switchboard'),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'must look like 7d, 12h, 30m')
    .default('7d'),
  TIMEZONE: z.string().default('Asia/Dhaka'),
  SMS_DRIVER: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: z.string().optional(),
  SMS_HTTP_METHOD: z.enum(['GET', 'POST']).default('POST'),
  SMS_HTTP_AUTH_HEADER: z.string().optional(),
  SMS_HTTP_BODY: z.string().optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ALLOW_CONSOLE_SMS: onOff.default(false),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: onOff.default(true),
  S3_PUBLIC_URL: z.string().optional(),
  CAPTCHA_HMAC_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  CAPTCHA_COST: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  // Under heavy public traffic the bot check costs up to this many times CAPTCHA_COST.
  CAPTCHA_MAX_COST_FACTOR: z.coerce.number().int().min(1).max(1024).default(16),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Switchboard <no-reply@localhost>'),
  // Telling the issuer (DESIGN.md §13): the channels, and the outbox worker's timing.
  NOTIFY_ISSUERS: notifyChannels.default(['sms', 'email']),
  NOTIFY_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  NOTIFY_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  NOTIFY_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  OTP_IP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(60),
  // The defaults are the product's rules (shared constants); tests and browser journeys may shorten them.
  OTP_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(OTP_RESEND_COOLDOWN_SECONDS),
  OTP_MAX_CODES_PER_HOUR: z.coerce.number().int().positive().default(OTP_MAX_CODES_PER_HOUR),
  // Codes one number may get per hour over all addresses; the number's own signed-in devices may get twice this.
  OTP_MAX_CODES_PER_NUMBER_PER_HOUR: z.coerce.number().int().positive().default(30),
  // Sign-in traffic (codes sent plus wrong codes) in an hour above which each doubling doubles sign-in's bot check.
  SIGN_IN_BUSY_PER_HOUR: z.coerce.number().int().positive().default(300),
  // Multiplies every per-user write limit: load tests and fault runs write far faster than people.
  WRITE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1_000_000).default(1),
  TRUST_PROXY: z.string().optional(),
  PUBLIC_TICKET_IP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  PUBLIC_UPLOAD_IP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(30),
  // Status checks by number (DESIGN.md §23) one address may make per hour; many phones share one address.
  STATUS_IP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(60),
  // Status checks in an hour above which each doubling doubles the status bot check's cost.
  STATUS_BUSY_PER_HOUR: z.coerce.number().int().positive().default(3000),
  // Receipts one e-mail address gets in an hour; later tickets naming it are taken without one.
  PUBLIC_RECEIPTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).max(1000).default(3),
  // Public traffic in an hour above which each doubling doubles the bot check's cost.
  PUBLIC_BUSY_TICKETS_PER_HOUR: z.coerce.number().int().positive().default(100),
  PUBLIC_BUSY_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(400),
  // Last resort only: a dearer bot check is the answer to load; these stop the form outright.
  PUBLIC_TICKETS_PER_HOUR: z.coerce.number().int().positive().default(5000),
  PUBLIC_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(20_000),
  // Incidents (DESIGN.md §14): this many unlinked, unsolved tickets of one subgroup within the window suggest one.
  INCIDENT_THRESHOLD: z.coerce.number().int().min(2).max(10_000).default(5),
  INCIDENT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // Network alarms (DESIGN.md §22): how long every alarm of an incident stays resolved before it counts as recovered, and how often that is looked at.
  ALARM_HOLD_DOWN_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  ALARM_SWEEP_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
  // Firing alarms one API client may hold at once: a flood of distinct keys is refused above it (429).
  ALARM_FIRING_PER_CLIENT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(ALARMS_FIRING_PER_CLIENT_MAX),
  // Outage broadcasts (DESIGN.md §23): SMS a second for all processes together, and the hours they wait out.
  SMS_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(20),
  SMS_QUIET_HOURS: quietHours,
  // The largest CSV a subscriber import reads (bytes); a larger one is refused (413) and stores nothing.
  SUBSCRIBER_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(SUBSCRIBER_IMPORT_MAX_BYTES),
  // Live updates (DESIGN.md §15): open event streams one process holds at most, and the heartbeat.
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  EVENT_HEARTBEAT_MS: z.coerce.number().int().min(50).max(600_000).default(LIVE_HEARTBEAT_MS),
  // Expensive reads (a text search, the dashboard): how many one process runs at once, how long one
  // more waits for its turn, and how long each of their statements may run.
  EXPENSIVE_READS_MAX: z.coerce.number().int().min(1).max(1000).default(3),
  EXPENSIVE_READ_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  EXPENSIVE_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
  // Webhooks (DESIGN.md §21): whether receivers may be on private addresses and plain http (tests,
  // receivers on the premises). Off unless set, in every environment: production never gets them by default.
  WEBHOOK_ALLOW_PRIVATE: onOff.optional(),
  WEBHOOK_ALLOW_HTTP: onOff.optional(),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  DEMO_SEED: onOff.optional(),
  // The development SMS outbox (GET /api/v1/dev/outbox): on outside production, off behind any proxy.
  DEV_OUTBOX: onOff.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...channelsEnv,
  ...satisfactionEnv,
  ...serviceLevelsEnv,
  ...retentionEnv,
  ...metricsEnv,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections of the pool on server PostgreSQL; unset: `DEFAULT_POOL_SIZE` of db/client.ts. */
  databasePoolSize: number | undefined;
  /** Where every process counts the rate limits together (plugins/rate-limit-store.ts); unset: each in its memory. */
  redisUrl: string | undefined;
  brandName: string;
  publicUrl: string | undefined;
  jwtSecret: string;
  jwtTtl: string;
  timezone: string;
  sms:
    | { driver: 'console' }
    | {
        driver: 'http';
        url: string;
        method: 'GET' | 'POST';
        authHeader: string | undefined;
        body: string | undefined;
        timeoutMs: number;
      };
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        publicUrl: string | undefined;
      };
  /** Signs local storage policies and report links. */
  storageSecret: string;
  captchaHmacKey: string;
  captchaCost: number;
  /** The bot check's cost rises with public traffic up to captchaCost × this. */
  captchaMaxCostFactor: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How issuers are told of replies and resolutions (empty: not at all), and the outbox worker's timing. */
  notify: { channels: NotificationChannel[]; pollMs: number; retryMs: number; sendTimeoutMs: number };
  otpIpLimitPerHour: number;
  otpResendCooldownSeconds: number;
  /** Codes of one number asked for from one address per hour. */
  otpMaxCodesPerHour: number;
  /** Codes of one number per hour from all addresses (its own devices: twice this). */
  otpMaxCodesPerNumberPerHour: number;
  /** Sign-in traffic per hour (codes sent plus wrong codes) above which sign-in's bot check gets dearer. */
  signInBusyPerHour: number;
  /** Multiplies the per-user write limits of plugins/write-limits.ts (1 in production). */
  writeLimitScale: number;
  /** Status checks by number (DESIGN.md §23): per address per hour, and the hour's traffic from which its bot check gets dearer. */
  statusLimits: { perIpPerHour: number; busyPerHour: number };
  /**
   * The peers whose X-Forwarded-For names the client (addresses, CIDRs, or `loopback`,
   * `linklocal`, `uniquelocal`), or false for none. Per-address limits count what this yields.
   */
  trustProxy: false | string;
  /** Abuse limits of the public form: per address, and for all addresses together. */
  publicLimits: {
    ticketsPerIpPerHour: number;
    uploadsPerIpPerHour: number;
    /** E-mail receipts to one address (case ignored) in an hour; the ticket is taken all the same. */
    receiptsPerAddressPerHour: number;
    /** Hard ceilings, a last resort far above any real hour; a warning is logged at 80 %. */
    ticketsPerHour: number;
    /** Public upload grants not yet attached to a ticket. */
    uploadsPerHour: number;
    /** Traffic from which the bot check's cost starts doubling. */
    busyTicketsPerHour: number;
    busyUploadsPerHour: number;
  };
  /** When tickets of one subgroup suggest an incident: at least `threshold` within `windowMinutes`. */
  incidents: { threshold: number; windowMinutes: number };
  /** Network alarms: the hold-down before a recovery counts (minutes), how often the recovery sweep runs, and the firing alarms a client may hold. */
  alarms: { holdDownMinutes: number; sweepMs: number; firingPerClientMax: number };
  /** Live updates: the streams one process holds at most (503 above), and the heartbeat's interval. */
  broadcasts: { ratePerSecond: number; quietHours: QuietHours | null };
  /** The subscriber directory: the largest import file read, in bytes. */
  subscribers: { importMaxBytes: number };
  events: { streamsMax: number; heartbeatMs: number };
  /** Two-way SMS and e-mail (config-channels.ts). */
  channels: ChannelsConfig;
  /** Customer satisfaction (config-satisfaction.ts). */
  satisfaction: SatisfactionConfig;
  /** Service levels II: warnings, escalation, waits, the job runner (config-service-levels.ts). */
  serviceLevels: ServiceLevelsConfig;
  /** Removal of old closed tickets (config-retention.ts). */
  retention: RetentionConfig;
  /**
   * Expensive reads (lib/expensive-reads.ts): at most `concurrent` at once per process, so that they
   * hold only a share of the pool; one more waits `waitMs` for a turn, then answers 503; each
   * statement of theirs runs at most `timeoutMs` (server PostgreSQL), then the read answers 503.
   */
  expensiveReads: { concurrent: number; waitMs: number; timeoutMs: number };
  /**
   * Webhooks: what a receiver's address may be (lib/guarded-http.ts), and how often this process
   * looks for due deliveries.
   */
  webhooks: { allowPrivate: boolean; allowHttp: boolean; pollMs: number };
  /** Whether an empty database gets the demo accounts and tickets. */
  demoSeed: boolean;
  /**
   * Whether GET /api/v1/dev/outbox shows the console driver's messages (sign-in codes) to this machine.
   * A proxy on the same machine that adds no forwarding header cannot be told from a person; turn it off.
   */
  devOutbox: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** The /metrics listener (config-metrics.ts); null: none. */
  metrics: MetricsConfig;
}

export { ConfigError };

/** Reads the configuration from `source` (process.env by default). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  if (isProduction) refuseDevDefaults(env);
  const devSecret = (name: string) => readOrCreateDevSecret(dataDir, name);
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL || undefined,
    brandName: env.BRAND_NAME,
    publicUrl: env.PUBLIC_URL,
    jwtSecret: env.JWT_SECRET ?? devSecret('jwt'),
    jwtTtl: env.JWT_TTL,
    timezone: env.TIMEZONE,
    sms: smsConfig(env),
    storage: storageConfig(env, dataDir),
    storageSecret: env.JWT_SECRET ? `${env.JWT_SECRET}:storage` : devSecret('storage'),
    captchaHmacKey: env.CAPTCHA_HMAC_KEY ?? devSecret('captcha'),
    captchaCost: env.CAPTCHA_COST,
    captchaMaxCostFactor: env.CAPTCHA_MAX_COST_FACTOR,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    notify: {
      channels: env.NOTIFY_ISSUERS,
      pollMs: env.NOTIFY_POLL_MS,
      retryMs: env.NOTIFY_RETRY_MS,
      sendTimeoutMs: env.NOTIFY_SEND_TIMEOUT_MS,
    },
    otpIpLimitPerHour: env.OTP_IP_LIMIT_PER_HOUR,
    otpResendCooldownSeconds: env.OTP_RESEND_COOLDOWN_SECONDS,
    otpMaxCodesPerHour: env.OTP_MAX_CODES_PER_HOUR,
    otpMaxCodesPerNumberPerHour: env.OTP_MAX_CODES_PER_NUMBER_PER_HOUR,
    signInBusyPerHour: env.SIGN_IN_BUSY_PER_HOUR,
    writeLimitScale: env.WRITE_LIMIT_SCALE,
    statusLimits: { perIpPerHour: env.STATUS_IP_LIMIT_PER_HOUR, busyPerHour: env.STATUS_BUSY_PER_HOUR },
    trustProxy: trustProxyOf(env.TRUST_PROXY, isProduction),
    publicLimits: {
      ticketsPerIpPerHour: env.PUBLIC_TICKET_IP_LIMIT_PER_HOUR,
      uploadsPerIpPerHour: env.PUBLIC_UPLOAD_IP_LIMIT_PER_HOUR,
      receiptsPerAddressPerHour: env.PUBLIC_RECEIPTS_PER_ADDRESS_PER_HOUR,
      ticketsPerHour: env.PUBLIC_TICKETS_PER_HOUR,
      uploadsPerHour: env.PUBLIC_UPLOADS_PER_HOUR,
      busyTicketsPerHour: env.PUBLIC_BUSY_TICKETS_PER_HOUR,
      busyUploadsPerHour: env.PUBLIC_BUSY_UPLOADS_PER_HOUR,
    },
    incidents: { threshold: env.INCIDENT_THRESHOLD, windowMinutes: env.INCIDENT_WINDOW_MINUTES },
    alarms: {
      holdDownMinutes: env.ALARM_HOLD_DOWN_MINUTES,
      sweepMs: env.ALARM_SWEEP_MS,
      firingPerClientMax: env.ALARM_FIRING_PER_CLIENT_MAX,
    },
    broadcasts: { ratePerSecond: env.SMS_RATE_PER_SECOND, quietHours: env.SMS_QUIET_HOURS },
    subscribers: { importMaxBytes: env.SUBSCRIBER_IMPORT_MAX_BYTES },
    events: { streamsMax: env.EVENT_STREAMS_MAX, heartbeatMs: env.EVENT_HEARTBEAT_MS },
    channels: channelsConfig(env),
    satisfaction: satisfactionConfig(env, env.JWT_SECRET ? `${env.JWT_SECRET}:rating` : devSecret('rating')),
    serviceLevels: serviceLevelsConfig(env),
    retention: retentionConfig(env),
    expensiveReads: {
      concurrent: env.EXPENSIVE_READS_MAX,
      waitMs: env.EXPENSIVE_READ_WAIT_MS,
      timeoutMs: env.EXPENSIVE_READ_TIMEOUT_MS,
    },
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE ?? false,
      allowHttp: env.WEBHOOK_ALLOW_HTTP ?? false,
      pollMs: env.WEBHOOK_POLL_MS,
    },
    demoSeed: env.DEMO_SEED ?? !isProduction,
    devOutbox: env.DEV_OUTBOX ?? !isProduction,
    logLevel: env.LOG_LEVEL,
    metrics: metricsConfig(env),
  };
}

function refuseDevDefaults(env: Env): void {
  const missing: string[] = [];
  if (!env.JWT_SECRET) missing.push('JWT_SECRET (at least 32 random characters)');
  if (!env.CAPTCHA_HMAC_KEY) missing.push('CAPTCHA_HMAC_KEY (at least 16 random characters)');
  if (env.SMS_DRIVER === 'console' && !env.ALLOW_CONSOLE_SMS)
    missing.push('SMS_DRIVER=http with SMS_HTTP_URL (or ALLOW_CONSOLE_SMS=on to print codes to the log)');
  if (env.DEV_OUTBOX === true) missing.push('DEV_OUTBOX=off (the development outbox shows sign-in codes)');
  if (missing.length > 0) throw new ConfigError(`Production needs these settings:\n${missing.map((m) => `  ${m}`).join('\n')}`);
}

function smsConfig(env: Env): Config['sms'] {
  if (env.SMS_DRIVER === 'console') return { driver: 'console' };
  if (!env.SMS_HTTP_URL) throw new ConfigError('Invalid configuration:\n  SMS_HTTP_URL: required when SMS_DRIVER=http');
  return {
    driver: 'http',
    url: env.SMS_HTTP_URL,
    method: env.SMS_HTTP_METHOD,
    authHeader: env.SMS_HTTP_AUTH_HEADER,
    body: env.SMS_HTTP_BODY,
    timeoutMs: env.SMS_HTTP_TIMEOUT_MS,
  };
}

function storageConfig(env: Env, dataDir: string): Config['storage'] {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local', dir: path.join(dataDir, 'objects') };
  if (!env.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl: env.S3_PUBLIC_URL,
  };
}
