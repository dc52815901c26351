/**
 * Rate limits across processes (DESIGN.md §18, ASVS V2.4.1): with REDIS_URL every process counts in
 * one Redis, so two processes enforce one limit, not two; without it each process counts its own.
 * While Redis does not answer, signed-in users go on and anonymous callers get a clear 503 — never
 * a 500, never a hang — and the process starts and recovers by itself. Needs Redis on 127.0.0.1:6379;
 * this file owns its logical database 11.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { createConsoleSms } from '../../src/lib/sms.ts';
import { RATE_LIMIT_KEY_PREFIX } from '../../src/plugins/rate-limit-store.ts';
import { CLIENT_REQUESTS_PER_MINUTE, WRITES_PER_MINUTE } from '../../src/plugins/write-limits.ts';
import { createClient } from '../api-client-factories.ts';
import { randomProductNumber, signedInAs } from '../factories.ts';
import { buildTicket } from '../ticket-factories.ts';
import { testConfig } from '../test-config.ts';
import { databaseKinds, openTestDatabase, type DatabaseKind } from '../test-databases.ts';
import { freshCaptcha } from './bot-check.ts';

const REDIS_DB = 11;
const REDIS_URL = `redis://127.0.0.1:6379/${REDIS_DB}`;
const unavailable = { code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' };

/** Processes of one deployment: one configuration (the same secrets), one database, N apps. */
interface Deployment {
  config: Config;
  database: Database;
  apps: FastifyInstance[];
  close(): Promise<void>;
}

interface DeployOptions {
  processes?: number;
  logger?: FastifyServerOptions['logger'];
  onRoute?: (route: RouteOptions) => void;
}

async function deploy(kind: DatabaseKind, env: Record<string, string>, options: DeployOptions = {}): Promise<Deployment> {
  const config = testConfig(env);
  const database = await openTestDatabase(kind);
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < (options.processes ?? 1); i++) {
    const app = await buildApp(config, database, {
      logger: options.logger ?? false,
      sms: createConsoleSms(() => undefined),
      onRoute: options.onRoute,
    });
    await app.ready();
    apps.push(app);
  }
  return {
    config,
    database,
    apps,
    close: async () => {
      for (const app of apps) await app.close();
      await database.close();
    },
  };
}

/** The i-th process of a deployment, round robin as a balancer would pick it. */
function processOf(deployment: Deployment, i: number): FastifyInstance {
  const app = deployment.apps[i % deployment.apps.length];
  if (!app) throw new Error('no process');
  return app;
}

async function requestOtp(app: FastifyInstance, config: Config, address: string) {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/users/generate-otp',
    remoteAddress: address,
    payload: { product_number: randomProductNumber(), token: await freshCaptcha(config) },
  });
  return reply.statusCode;
}

async function flushRedisDb(): Promise<void> {
  const admin = new Redis(REDIS_URL);
  await admin.flushdb();
  admin.disconnect();
}

/** A port nothing listens on: Redis is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A TCP relay to the real Redis on a port of its own: cutting it is Redis going away. */
async function redisRelay(port: number): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(6379, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** Log lines as JSON objects, for an app that logs to `stream`. */
function logCapture() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  const aboutRedis = () => lines.filter((line) => line.msg.startsWith('Redis for rate limits'));
  return { stream, aboutRedis };
}

async function comment(app: FastifyInstance, headers: Record<string, string>, ticketId: number) {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/tickets/add-comment',
    headers,
    payload: { ticket_id: ticketId, message: 'Still slow' },
  });
  return reply.statusCode;
}

for (const kind of databaseKinds()) {
  describe(`rate limits counted in Redis by two processes [${kind}]`, () => {
    let deployment: Deployment;
    beforeAll(async () => {
      await flushRedisDb();
      deployment = await deploy(kind, { REDIS_URL, OTP_IP_LIMIT_PER_HOUR: '3' }, { processes: 2 });
    });
    afterAll(() => deployment.close());

    it('enforces one per-address OTP limit over both processes', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push(await requestOtp(processOf(deployment, i), deployment.config, '203.0.113.10'));
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Either process refuses the address from now on; another address has its own budget.
      expect(await requestOtp(processOf(deployment, 0), deployment.config, '203.0.113.10')).toBe(429);
      expect(await requestOtp(processOf(deployment, 1), deployment.config, '203.0.113.11')).toBe(200);
    });

    it("enforces one customer's comment budget over both processes", async () => {
      const [first] = deployment.apps;
      if (!first) throw new Error('no process');
      const customer = await signedInAs(first, first.deps.db, { userType: 'customer' });
      const ticket = await buildTicket(first.deps.db, customer.user);
      const budget = WRITES_PER_MINUTE.comment.others;
      for (let i = 0; i < budget; i++)
        expect(await comment(processOf(deployment, i), customer.headers, ticket.ticketId)).toBe(201);
      expect(await comment(processOf(deployment, budget), customer.headers, ticket.ticketId)).toBe(429);
      expect(await comment(processOf(deployment, budget + 1), customer.headers, ticket.ticketId)).toBe(429);
    });

    it("enforces one API client's request budget over both processes, and a revoke in one holds in the other", async () => {
      const [first, second] = deployment.apps;
      if (!first || !second) throw new Error('no process');
      const admin = await signedInAs(first, first.deps.db, { userType: 'cc', role: 'admin' });
      const client = await createClient(first, first.deps.db, admin.headers);
      const list = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: '/api/v1/tickets/user-type-wise-tickets/1', headers: client.headers });
      expect((await list(second)).statusCode).toBe(200);
      for (let i = 1; i < CLIENT_REQUESTS_PER_MINUTE; i++) {
        const status = (await list(processOf(deployment, i))).statusCode;
        if (status !== 200) throw new Error(`request ${i} answered ${status}`);
      }
      expect((await list(first)).statusCode).toBe(429);
      expect((await list(second)).statusCode).toBe(429);
      const redis = new Redis(REDIS_URL);
      expect(await redis.exists(`${RATE_LIMIT_KEY_PREFIX}ANY-client:${client.id}`)).toBe(1);
      redis.disconnect();

      const other = await createClient(first, first.deps.db, admin.headers);
      const otherList = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: '/api/v1/tickets/user-type-wise-tickets/1', headers: other.headers });
      expect((await otherList(second)).statusCode).toBe(200);
      const revoked = await first.inject({ method: 'DELETE', url: `/api/v1/api-clients/${other.id}`, headers: admin.headers });
      expect(revoked.statusCode).toBe(200);
      expect((await otherList(second)).statusCode).toBe(401);
    });

    it('keeps its counters under its prefix in the logical database of REDIS_URL', async () => {
      const admin = new Redis(REDIS_URL);
      const keys = await admin.keys('*');
      admin.disconnect();
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((key) => key.startsWith(RATE_LIMIT_KEY_PREFIX))).toBe(true);
      expect(keys).toContain(`${RATE_LIMIT_KEY_PREFIX}POST/api/v1/users/generate-otp-203.0.113.10`);
    });

    it('closes its connection to Redis when the app closes', async () => {
      const admin = new Redis(REDIS_URL);
      const connections = async () => String(await admin.client('LIST')).match(new RegExp(` db=${REDIS_DB} `, 'g'))?.length ?? 0;
      const extra = await buildApp(deployment.config, deployment.database, { logger: false });
      await extra.ready();
      const open = await connections();
      await extra.close();
      await expect.poll(connections).toBe(open - 1);
      admin.disconnect();
    });
  });

  describe(`rate limits without REDIS_URL [${kind}]`, () => {
    let deployment: Deployment;
    const routes: RouteOptions[] = [];
    beforeAll(async () => {
      deployment = await deploy(kind, { OTP_IP_LIMIT_PER_HOUR: '2' }, { processes: 2, onRoute: (route) => routes.push(route) });
    });
    afterAll(() => deployment.close());

    it('counts each process on its own: N processes allow N times the limit', async () => {
      const [first, second] = deployment.apps;
      if (!first || !second) throw new Error('no process');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push(await requestOtp(first, deployment.config, '203.0.113.20'));
      expect(statuses).toEqual([200, 200, 429]);
      expect(await requestOtp(second, deployment.config, '203.0.113.20')).toBe(200);
    });

    it('says of every limit what it does while Redis does not answer', () => {
      const limited = routes.filter((route) => (route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
      expect(limited.length).toBeGreaterThan(20);
      const unsaid = limited.filter(
        (route) => typeof (route.config as { rateLimit: { skipOnError?: unknown } }).rateLimit.skipOnError !== 'boolean',
      );
      expect(unsaid.map((route) => `${String(route.method)} ${route.url}`)).toEqual([]);
    });
  });

  describe(`rate limits while Redis is down [${kind}]`, () => {
    let deployment: Deployment;
    const log = logCapture();
    beforeAll(async () => {
      const port = await closedPort();
      // Redis is down at start, and the process starts anyway.
      const env = { REDIS_URL: `redis://127.0.0.1:${port}/${REDIS_DB}` };
      deployment = await deploy(kind, env, { logger: { level: 'info', stream: log.stream } });
    });
    afterAll(() => deployment.close());

    it('lets a signed-in user write: their limits are skipped', async () => {
      const [app] = deployment.apps;
      if (!app) throw new Error('no process');
      const customer = await signedInAs(app, app.deps.db, { userType: 'customer' });
      const ticket = await buildTicket(app.deps.db, customer.user);
      // Past the budget too: nothing counts while Redis is away.
      for (let i = 0; i <= WRITES_PER_MINUTE.comment.others; i++)
        expect(await comment(app, customer.headers, ticket.ticketId)).toBe(201);
    });

    it('lets stored files through: their uploads were granted by a counted limit', async () => {
      const [app] = deployment.apps;
      if (!app) throw new Error('no process');
      expect((await app.inject({ method: 'GET', url: '/storage/uploads/no-such-file.png' })).statusCode).toBe(404);
    });

    it('refuses sign-in, the public form and the bot check with a clear 503, at once', async () => {
      const [app] = deployment.apps;
      if (!app) throw new Error('no process');
      const started = Date.now();
      const replies = await Promise.all([
        app.inject({
          method: 'POST',
          url: '/api/v1/users/generate-otp',
          payload: { product_number: randomProductNumber(), token: await freshCaptcha(deployment.config) },
        }),
        app.inject({ method: 'POST', url: '/api/v1/users/login', payload: {} }),
        app.inject({ method: 'POST', url: '/api/v1/tickets/issue-ticket/public', payload: {} }),
        app.inject({ method: 'POST', url: '/api/v1/tickets/get-presigned-post/public', payload: {} }),
        app.inject({ method: 'GET', url: '/api/v1/captcha/challenge' }),
        app.inject({ method: 'GET', url: '/api/v1/incidents/public-notes' }),
      ]);
      for (const reply of replies) {
        expect(reply.statusCode, reply.body).toBe(503);
        expect(reply.json()).toEqual(unavailable);
      }
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('warns of the outage once, not once a request', () => {
      const warnings = log.aboutRedis().filter((line) => line.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.msg).toMatch(/does not answer/);
    });
  });

  describe(`rate limits when Redis goes away and comes back [${kind}]`, () => {
    let deployment: Deployment;
    let relay: Awaited<ReturnType<typeof redisRelay>>;
    const log = logCapture();
    beforeAll(async () => {
      await flushRedisDb();
      relay = await redisRelay(0);
      const env = { REDIS_URL: `redis://127.0.0.1:${relay.port}/${REDIS_DB}` };
      deployment = await deploy(kind, env, { logger: { level: 'info', stream: log.stream } });
    });
    afterAll(async () => {
      await deployment.close();
      await relay.cut();
    });

    it('refuses anonymous callers while it is away and counts again when it is back, by itself', async () => {
      const [app] = deployment.apps;
      if (!app) throw new Error('no process');
      const challenge = () => app.inject({ method: 'GET', url: '/api/v1/captcha/challenge' });
      expect((await challenge()).statusCode).toBe(200);

      await relay.cut();
      expect((await challenge()).statusCode).toBe(503);

      relay = await redisRelay(relay.port);
      await expect.poll(async () => (await challenge()).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
      const admin = new Redis(REDIS_URL);
      expect(await admin.get(`${RATE_LIMIT_KEY_PREFIX}GET/api/v1/captcha/challenge-127.0.0.1`)).toBe('2');
      admin.disconnect();
      expect(log.aboutRedis().map((line) => line.msg)).toEqual([
        expect.stringMatching(/does not answer/),
        expect.stringMatching(/answers again/),
      ]);
    });
  });
}
