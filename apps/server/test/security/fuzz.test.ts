/**
 * Property-based fuzzing of every endpoint the app serves (ASVS V1.2.5, V2.2.1, V16.5.3): arbitrary
 * and mutated paths, query strings and bodies never get a 5xx, and nothing that fails the shared
 * schemas is ever stored. FUZZ_RUNS (default 200) cases per endpoint as a signed-in staff admin,
 * so that handlers are reached, plus a quarter as many without a token. FUZZ_SEED replays a run.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { API_SCOPES, ticketByIdReplySchema } from '@switchboard/shared';
import { buildApp } from '../../src/app.ts';
import type { Database, Db } from '../../src/db/client.ts';
import { groups, subgroups, tickets, users } from '../../src/db/schema.ts';
import { describeWithApp } from '../harness.ts';
import { createClient } from '../api-client-factories.ts';
import { buildUser, signedInAs } from '../factories.ts';
import { testConfig } from '../test-config.ts';
import { buildGroup, buildTicket, uploadImage } from '../ticket-factories.ts';
import { reportBody } from './access-requests.ts';
import { freshCaptcha } from './bot-check.ts';
import { requestFor, type FuzzRequest, type Pools } from './arbitraries.ts';
import { fillPath, injectStreamAware, listEndpoints, type Endpoint } from './endpoints.ts';
import { invalidStoredRows } from './stored-rows.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const ANONYMOUS_RUNS = Math.max(50, Math.round(RUNS / 4));

/** Endpoints only an API client may call (DESIGN.md §22): fuzzed with a client's token, not the admin's session. */
const CLIENT_ONLY = new Set([
  'POST /api/v1/alarms/alertmanager',
  'POST /api/v1/alarms/generic',
  'POST /api/v1/channels/sms/inbound',
  'GET /api/v1/channels/sms/inbound',
  'POST /api/v1/channels/sms/delivery',
  'GET /api/v1/channels/sms/delivery',
]);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Routes are registered without touching the database, so an inert one lists them while tests are collected. */
async function endpointsOfTheApp(): Promise<Endpoint[]> {
  const inert: Database = {
    db: {} as Db,
    reads: () => ({}) as Db,
    ping: async () => undefined,
    exclusively: (work) => work(),
    close: async () => undefined,
  };
  const app = await buildApp(testConfig(), inert, { logger: false });
  try {
    await app.ready();
    return listEndpoints(app);
  } finally {
    await app.close();
  }
}

/** Deletes go last: archiving the pooled groups early would leave later endpoints nothing valid to aim at. */
const ENDPOINTS = (await endpointsOfTheApp()).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

/** Stands for a bot-check solution solved just before the request is sent (each is accepted once). */
const FRESH_CAPTCHA = 'fresh-bot-check-solution';

function injectOptions(endpoint: Endpoint, request: FuzzRequest, headers: Record<string, string>): InjectOptions {
  const url = `${fillPath(endpoint.path, request.path)}${request.query ? `?${request.query}` : ''}`;
  const base = { method: endpoint.method, url, remoteAddress: request.ip };
  const { body } = request;
  if (body.kind === 'none') return { ...base, headers };
  if (body.kind === 'raw') return { ...base, headers: { ...headers, 'content-type': body.contentType }, payload: body.text };
  return { ...base, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body.value) ?? '' };
}

/** What a failing case looked like, short enough to read in a test report. */
function describeCase(options: InjectOptions, status: number, reply: string): string {
  const payload = typeof options.payload === 'string' ? options.payload.slice(0, 300) : '';
  const url = typeof options.url === 'string' ? options.url : JSON.stringify(options.url);
  return `${String(options.method)} ${url.slice(0, 300)} ${payload} → ${status} ${reply.slice(0, 300)}`;
}

describeWithApp('API fuzzing', (ctx) => {
  const pools: Pools = {
    ticketIds: [],
    groupIds: [],
    subgroupIds: [],
    userIds: [],
    productNumbers: [],
    uploadUrls: [],
    storageKeys: [],
    reportLinks: [],
    captchaTokens: [],
  };
  let adminHeaders: Record<string, string> = {};
  let clientHeaders: Record<string, string> = {};

  beforeAll(async () => {
    const admin = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin', name: 'Fuzz admin' });
    adminHeaders = admin.headers;
    clientHeaders = (await createClient(ctx.app, ctx.db, adminHeaders, { scopes: [...API_SCOPES] })).headers;
    const customer = await buildUser(ctx.db, { userType: 'customer' });
    const agent = await buildUser(ctx.db, { userType: 'agent' });
    await buildUser(ctx.db, { userType: 'rs', role: 'moderator' });
    await buildGroup(ctx.db, { subgroups: ['Slow speed', 'No connection'] });
    await buildGroup(ctx.db, { subgroups: [] });
    for (const [issuer, issuedTo] of [
      [customer, 'cc'],
      [agent, 'rs'],
      [null, 'iptsp'],
      [customer, 'oss-bss'],
    ] as const) {
      await buildTicket(ctx.db, issuer, { issuedTo });
    }
    pools.ticketIds = (await ctx.db.select({ id: tickets.ticketId }).from(tickets)).map((row) => row.id);
    pools.groupIds = (await ctx.db.select({ id: groups.id }).from(groups)).map((row) => row.id);
    pools.subgroupIds = (await ctx.db.select({ id: subgroups.id }).from(subgroups)).map((row) => row.id);
    // The admin's own id stays out: the fuzzer would demote or delete the very account it fuzzes with.
    const others = (await ctx.db.select().from(users)).filter((user) => user.id !== admin.user.id);
    pools.userIds = others.map((user) => user.id);
    pools.productNumbers = others.map((user) => user.productNumber);
    for (let i = 0; i < 12; i++) pools.uploadUrls.push(await uploadImage(ctx.app, adminHeaders));
    pools.storageKeys = [
      ...pools.uploadUrls.map((url) => url.replace(/^\/storage\//, '')),
      'reports/2026/01/00000000-0000-4000-8000-000000000000/report.xlsx',
      '../../secrets/jwt',
      'attachments/../secrets/jwt',
      '.incoming/x',
    ];
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/report',
      headers: adminHeaders,
      payload: reportBody(),
    });
    if (report.statusCode === 200) pools.reportLinks.push(report.json<{ public_url: string }>().public_url);
    pools.captchaTokens = [FRESH_CAPTCHA, FRESH_CAPTCHA, FRESH_CAPTCHA, await freshCaptcha(ctx.config)];
  });

  it('lists the endpoints it fuzzes from the app itself', () => {
    expect(ENDPOINTS.map((endpoint) => endpoint.key).sort()).toEqual(
      listEndpoints(ctx.app)
        .map((endpoint) => endpoint.key)
        .sort(),
    );
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.key} never answers 5xx`, { timeout: 240_000 }, async () => {
      let reachedHandler = 0;
      const statuses = new Map<number, number>();
      const signedIn = CLIENT_ONLY.has(endpoint.key) ? clientHeaders : adminHeaders;
      for (const [headers, numRuns] of [
        [signedIn, RUNS],
        [{}, ANONYMOUS_RUNS],
      ] as const) {
        await fc.assert(
          fc.asyncProperty(requestFor(endpoint, pools), async (request) => {
            const options = injectOptions(endpoint, request, headers);
            if (typeof options.payload === 'string' && options.payload.includes(FRESH_CAPTCHA)) {
              options.payload = options.payload.replaceAll(FRESH_CAPTCHA, await freshCaptcha(ctx.config));
            }
            const reply = await injectStreamAware(ctx.app, endpoint, options);
            if (reply.statusCode >= 500) throw new Error(describeCase(options, reply.statusCode, reply.body));
            statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
            const refusedBySchema = reply.statusCode === 400 && reply.body.includes('"code":"validation"');
            if (!refusedBySchema && headers === signedIn) reachedHandler += 1;
          }),
          { numRuns, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
      }
      if (process.env.FUZZ_VERBOSE) console.log(endpoint.key, reachedHandler, Object.fromEntries(statuses));
      // A fuzzer whose every case dies in validation tests nothing behind it.
      expect(reachedHandler, 'cases that got past validation').toBeGreaterThan(0);
    });
  }

  it('stored nothing that fails the shared schemas', async () => {
    expect(await invalidStoredRows(ctx.db)).toEqual([]);
  });

  it('reads every ticket back through the API as its schema says', async () => {
    for (const { id } of await ctx.db.select({ id: tickets.ticketId }).from(tickets)) {
      const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${id}`, headers: adminHeaders });
      expect(reply.statusCode, `ticket ${id}`).toBe(200);
      expect(ticketByIdReplySchema.safeParse(reply.json()).success, `ticket ${id}`).toBe(true);
    }
  });
});
