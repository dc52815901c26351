/**
 * `npm run test:cluster`: two server processes behind nginx (round robin) on the machine's
 * PostgreSQL (a database of the run's own), Redis (a logical database of its own) and an
 * S3-compatible store (DESIGN.md §18). Checks through the balancer what must hold across processes,
 * kills one during writes, backs the database up and serves the restored copy, then fails over from
 * a primary of its own to its synchronous standby (failover.ts). Prints a
 * summary table; exits non-zero when anything did not hold. Bounded to a few minutes.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, ROOT } from '../bench/processes.ts';
import { passed, printSummary, type ScenarioResult } from '../faults/report.ts';
import { startCountingGateway } from '../faults/outbox-kill.ts';
import { seed, withClient } from '../faults/seed.ts';
import { startServer, type ServerProcess } from '../faults/server-process.ts';
import { eventAcross, limitsAcross, signInAcross, uploadAndView, type Desk } from './across-processes.ts';
import { backupAndRestore } from './backup-restore.ts';
import { BUCKET, createDatabase, flushRedis, startBalancer, startObjectStore, type Disposable } from './infrastructure.ts';
import { failoverDrill } from './failover.ts';
import { killOneDuringWrites } from './kill-one.ts';
import { metricsAddUp, startPrometheus } from './prometheus.ts';

const RUN_LIMIT_MS = 5 * 60_000;
const ADMIN_URL =
  process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A logical database the run owns: it is emptied at the start and between scenarios. */
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
const OTP_IP_LIMIT = 8;

/** Both processes came up (startServer waits for /readyz) and each migration was applied once. */
async function startedTogether(databaseUrl: string): Promise<ScenarioResult> {
  const journal = JSON.parse(readFileSync(path.join(ROOT, 'apps/server/drizzle/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const applied = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    return rows[0]?.n ?? 0;
  });
  const problems = applied === journal.entries.length ? [] : [`${applied} migrations recorded for ${journal.entries.length}`];
  return { name: 'two processes start together', facts: { ready: 2, 'migrations applied': applied }, problems };
}

/** Everything the run started, closed in reverse order whatever happens. */
const opened: Disposable[] = [];
const processes: ServerProcess[] = [];

async function closeAll(): Promise<void> {
  for (const process of processes) await process.stop().catch(() => undefined);
  for (const part of opened.reverse()) await part.close().catch(() => undefined);
}

async function main(): Promise<number> {
  const began = Date.now();
  const results: ScenarioResult[] = [];
  try {
    const database = await createDatabase(ADMIN_URL, 'switchboard_cluster');
    opened.push(database);
    await flushRedis(REDIS_URL);
    const store = await startObjectStore();
    opened.push(store);
    const gateway = await startCountingGateway();
    gateway.mode = 'accept';
    opened.push(gateway);

    // One deployment: the same secrets, database, Redis, bucket and SMS gateway for both processes.
    const shared: NodeJS.ProcessEnv = {
      JWT_SECRET: randomBytes(32).toString('base64url'),
      CAPTCHA_HMAC_KEY: randomBytes(24).toString('base64url'),
      REDIS_URL,
      TRUST_PROXY: 'loopback',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: store.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'on',
      SMS_DRIVER: 'http',
      SMS_HTTP_URL: gateway.url,
      SMS_HTTP_METHOD: 'GET',
      ALLOW_CONSOLE_SMS: 'off',
      NOTIFY_ISSUERS: 'sms',
      NOTIFY_POLL_MS: '200',
      NOTIFY_RETRY_MS: '200',
      NOTIFY_SEND_TIMEOUT_MS: '1500',
      OTP_IP_LIMIT_PER_HOUR: String(OTP_IP_LIMIT),
      LOG_LEVEL: 'warn',
    };
    console.log('starting two server processes together on an empty database …');
    // Each process has a metrics listener of its own, which Prometheus scrapes (DESIGN.md §29).
    const [firstMetrics, secondMetrics] = [await freePort(), await freePort()];
    const started = await Promise.all([
      startServer(database.url, { ...shared, METRICS_PORT: String(firstMetrics) }),
      startServer(database.url, { ...shared, METRICS_PORT: String(secondMetrics) }),
    ]);
    processes.push(...started);
    const [first, second] = started;
    const balancer = await startBalancer([first.url, second.url]);
    opened.push(balancer);
    const desk: Desk = {
      url: balancer.url,
      processes: [first, second],
      databaseUrl: database.url,
      redisUrl: REDIS_URL,
      gateway,
      otpIpLimit: OTP_IP_LIMIT,
    };
    const prometheus = await startPrometheus([
      { name: 'first', address: `127.0.0.1:${firstMetrics}` },
      { name: 'second', address: `127.0.0.1:${secondMetrics}` },
    ]);
    opened.push(prometheus);
    const seeded = await seed(database.url, first);
    results.push(await startedTogether(database.url));

    console.log('sign-in, uploads, limits and events across processes …');
    results.push(await signInAcross(desk, seeded));
    results.push(await uploadAndView(desk, seeded));
    results.push(await limitsAcross(desk, seeded));
    results.push(await eventAcross(desk, seeded));
    console.log('Prometheus scrapes both processes: up, and the requests counted …');
    const named = [
      { name: 'first', url: first.url },
      { name: 'second', url: second.url },
    ];
    results.push(await metricsAddUp({ balancerUrl: balancer.url, processes: named }, prometheus));
    console.log('kill -9 of one process during 200 writes through the balancer …');
    results.push(await killOneDuringWrites(desk, seeded));
    console.log('pg_dump, restore into a fresh database, serve it …');
    results.push(await backupAndRestore(ADMIN_URL, first, seeded));
    console.log('failover: kill -9 of the primary under writes, its synchronous standby promoted …');
    results.push(await failoverDrill());
  } catch (error) {
    results.push({
      name: 'cluster run',
      facts: {},
      problems: [`stopped: ${error instanceof Error ? error.message : String(error)}`],
    });
  } finally {
    if (!results.every(passed))
      for (const process of processes) console.log(`--- a server's log (end)\n${process.log().slice(-3000)}`);
    await closeAll();
  }
  printSummary(results, 'Cluster run summary');
  console.log(`took ${Math.round((Date.now() - began) / 1000)} s`);
  return results.every(passed) ? 0 : 1;
}

const limit = setTimeout(() => {
  console.error(`the cluster run did not finish within ${RUN_LIMIT_MS / 60_000} minutes`);
  void closeAll().finally(() => process.exit(1));
}, RUN_LIMIT_MS);
limit.unref();
process.exitCode = await main();
