/**
 * Builds the Fastify instance and lists every moving part: the plugins of the request edge, the
 * signed-in scope, the modules and the background workers. Never listens (tests use app.inject).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import authPlugin from './plugins/auth.ts';
import signedInScope from './plugins/signed-in.ts';
import errorHandler from './plugins/error-handler.ts';
import { errorSerializer } from './plugins/error-log.ts';
import replyLanguage from './plugins/reply-language.ts';
import inputGuard from './plugins/input-guard.ts';
import jsonBody from './plugins/json-body.ts';
import rateLimitStore from './plugins/rate-limit-store.ts';
import securityPlugin from './plugins/security.ts';
import spaPlugin from './plugins/spa.ts';
import requestId, { REQUEST_ID_OPTIONS } from './plugins/request-id.ts';
import metricsPlugin from './modules/metrics/metrics.plugin.ts';
import { createMetrics, type Metrics } from './modules/metrics/metrics.ts';
import { BODY_LIMITS } from './plugins/write-limits.ts';
import { createSmsSender, type SmsSender } from './lib/sms.ts';
import type { Resolver } from './lib/guarded-http.ts';
import { createTokenIssuer, type TokenIssuer } from './modules/auth/tokens.ts';
import { alsoHearEventsIn } from './modules/events/events.repository.ts';
import liveEvents from './modules/events/live-events.plugin.ts';
import { PUBLIC_API_MODULES, ROOT_MODULES, SIGNED_IN_API_MODULES } from './modules/index.ts';
import outboxWorker from './modules/notifications/outbox.plugin.ts';
import { createOutboxBell, type OutboxBell } from './modules/notifications/outbox-bell.ts';
import type { TellSettings } from './modules/notifications/tell-issuer.ts';
import { findLiveUserById } from './modules/users/users.repository.ts';
import { findClientAccount, noteClientUse } from './modules/api-clients/api-clients.service.ts';
import { API_TOKEN_SECURITY_SCHEME } from './plugins/signed-in.ts';
import webhookWorker from './modules/webhooks/webhooks.plugin.ts';
import alarmSweep from './modules/alarms/alarms.plugin.ts';
import broadcastSender from './modules/broadcasts/broadcast-sender.plugin.ts';
import mailReader from './modules/channels/mail-reader.plugin.ts';
import satisfactionAsker from './modules/satisfaction/satisfaction-asker.plugin.ts';
import jobRunner from './modules/jobs/job-runner.plugin.ts';
import slaRecompute from './modules/service-levels/sla-recompute.plugin.ts';
import waitingResolver from './modules/service-levels/waiting-resolver.plugin.ts';
import slaWarnings from './modules/sla-warnings/sla-warnings.plugin.ts';
import retention from './modules/retention/retention.plugin.ts';
import { webhooksDocument } from './modules/webhooks/webhooks.openapi.ts';
import { webhookDeliveriesOf } from './modules/webhooks/webhooks.repository.ts';

// Every write's events are also heard by the webhooks, inside the writer's statement (DESIGN.md §21).
alsoHearEventsIn(webhookDeliveriesOf);

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** The database of expensive reads (Database.reads, lib/expensive-reads.ts). */
  reads: Db;
  sms: SmsSender;
  /** How the issuers of tickets are told: the settings, and the bell that wakes this process's outbox worker. */
  tell: TellSettings;
  /** Wakes this process's webhook worker (a test event, a redelivery). */
  webhookBell: OutboxBell;
  /** How webhook receivers' names are resolved; unset: the system's resolver (tests: a rebinding one). */
  webhookResolver?: Resolver;
  /** This process's figures for /metrics (modules/metrics). */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Signs and checks session tokens. */
    tokens: TokenIssuer;
  }
}

/**
 * How long a client may take, in milliseconds. Without them a client that trickles its headers or
 * body a byte at a time holds a connection (and its memory) for ever. An image upload of 10 MB
 * still fits in the request time on a 2 Mbit/s line.
 */
export interface ServerTimeouts {
  /** Until the headers are in. */
  headers: number;
  /** Until the whole request (headers and body) is in; the handler's own time does not count. */
  request: number;
  /** A socket with no traffic at all; longer than keep-alive, which closes idle sockets first. */
  idle: number;
  /** How often Node looks for requests past their time: a late one is cut within this much. */
  checkEvery: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = { headers: 30_000, request: 55_000, idle: 90_000, checkEvery: 5_000 };

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMS driver of the configuration (tests: a failing gateway). */
  sms?: SmsSender;
  /** Replaces SERVER_TIMEOUTS (tests: a trickling client cut in seconds). */
  timeouts?: ServerTimeouts;
  /** Sees every route as it is added, with the instance it is added to (tests: the route table's conventions). */
  onRoute?: (route: RouteOptions, instance: FastifyInstance) => void;
  /** Tests: the webhook worker's resolver and timeout. */
  webhooks?: { resolve?: Resolver; timeoutMs?: number; autostart?: boolean };
  /** Tests: whether the broadcast sender ticks on its own (otherwise `app.broadcastSender.runOnce()`). */
  broadcasts?: { autostart?: boolean };
  /** Tests: whether the mail reader keeps a session of its own (otherwise `app.mailReader.runOnce()`). */
  mail?: { autostart?: boolean };
  /** Tests: whether the satisfaction worker polls on its own (otherwise `app.satisfactionAsker.runOnce()`). */
  satisfaction?: { autostart?: boolean };
  /** Tests: whether the job runner polls on its own (otherwise `app.jobs.runOnce()`). */
  jobs?: { autostart?: boolean };
  /** Tests: the built web app served (otherwise apps/web/dist). */
  webDist?: string;
}

/** Log lines show paths without query strings: `/?q=<token>` must never reach a log. */
const requestSerializer = (request: { method: string; url: string; ip: string }) => ({
  method: request.method,
  url: request.url.split('?')[0],
  ip: request.ip,
});

function loggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  return { ...(logger === true ? {} : logger), serializers: { req: requestSerializer, err: errorSerializer } };
}

export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const timeouts = options.timeouts ?? SERVER_TIMEOUTS;
  const app = Fastify({
    logger: loggerOptions(options.logger ?? { level: config.logLevel }),
    ...REQUEST_ID_OPTIONS,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMITS.json,
    requestTimeout: timeouts.request,
    connectionTimeout: timeouts.idle,
    http: { headersTimeout: timeouts.headers, connectionsCheckingInterval: timeouts.checkEvery },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { onRoute } = options;
  if (onRoute)
    app.addHook('onRoute', function (route) {
      onRoute(route, this);
    });

  const outboxBell = createOutboxBell();
  const webhookBell = createOutboxBell();
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    reads: database.reads(config.expensiveReads),
    sms: options.sms ?? createSmsSender(config),
    tell: { ...config, outbox: outboxBell },
    webhookBell,
    webhookResolver: options.webhooks?.resolve,
    metrics: createMetrics(),
  };
  const tokens = createTokenIssuer(config.jwtSecret, config.jwtTtl);
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('deps', deps);
        instance.decorate('tokens', tokens);
      },
      { name: 'deps' },
    ),
  );
  await app.register(requestId);
  await app.register(metricsPlugin);
  await app.register(errorHandler);
  await app.register(replyLanguage);
  await app.register(jsonBody);
  await app.register(inputGuard);
  await app.register(securityPlugin, { config });
  await app.register(rateLimitStore, { config });
  await app.register(authPlugin, {
    checkToken: (token) => tokens.check(token),
    findLiveAccount: (id) => findLiveUserById(database.db, id),
    findClient: (id) => findClientAccount(database.db, id),
    noteClientUse: (id) => noteClientUse(database.db, id),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.brandName} API`, version: '1' },
      webhooks: webhooksDocument(),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token from POST /api/v1/users/login' },
          // An operation names the scope a client's token needs; one that names none refuses every client.
          [API_TOKEN_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sb_<client id>_<secret>',
            description: 'An API client token (an admin creates it under Integrations); scopes per operation',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs page gets the app's own limits: never framed, no <base>, no images from elsewhere
    // (the plugin's default allows framing by this origin and the swagger.io validator badge).
    transformStaticCSP: (header) =>
      header
        .replace("base-uri 'self'", "base-uri 'none'")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' validator.swagger.io', ''),
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ message: request.say('common.databaseSilent'), code: 'unavailable' });
    }
  });

  // The background work of this process, from ready to close.
  await app.register(outboxWorker, { bell: outboxBell });
  await app.register(liveEvents);
  await app.register(webhookWorker, { bell: webhookBell, ...options.webhooks });
  await app.register(alarmSweep);
  await app.register(broadcastSender, { autoStart: options.broadcasts?.autostart ?? true });
  await app.register(mailReader, { autoStart: options.mail?.autostart ?? true });
  await app.register(satisfactionAsker, { autoStart: options.satisfaction?.autostart ?? true });
  await app.register(jobRunner, { autoStart: options.jobs?.autostart ?? true });
  await app.register(slaRecompute);
  await app.register(waitingResolver);
  await app.register(slaWarnings);
  await app.register(retention);

  await app.register(
    async (api) => {
      for (const module of PUBLIC_API_MODULES) await api.register(module);
      await api.register(signedInScope, { modules: SIGNED_IN_API_MODULES });
    },
    { prefix: '/api/v1' },
  );
  for (const module of ROOT_MODULES) await app.register(module);
  await app.register(spaPlugin, { dist: options.webDist });
  return app;
}
