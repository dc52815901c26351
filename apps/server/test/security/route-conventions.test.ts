/**
 * The route table keeps two conventions (ASVS V8.3.1, V2.4.1): every signed-in route lives in the
 * signed-in scope, which authenticates in onRequest, before the body is read, and every signed-in
 * write carries the per-user limit, counted before the body is read. Every route reads no more
 * body than its schema lets through (ASVS V13.1.3): its bodyLimit is at least the largest body its
 * schema accepts and not far above it. Routes are recorded as the app adds them, so a route added
 * later is held to the same rules.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { expect, it } from 'vitest';
import { ALARM_DELIVERY_MAX_BYTES, ICAL_MAX_BYTES, SMS_CALLBACK_MAX_BYTES } from '@switchboard/shared';
import { buildApp } from '../../src/app.ts';
import type { Database, Db } from '../../src/db/client.ts';
import { BODY_LIMITS, userKey } from '../../src/plugins/write-limits.ts';
import { testConfig } from '../test-config.ts';
import { largestJson, type JsonSchema } from './largest-body.ts';

const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Routes whose schema bounds each count and length but whose largest body is no sane limit: a
 * delivery of network alarms (DESIGN.md §22) could reach 100 MB by its schema (500 alarms of 64
 * labels of 1,024 characters), so it is bounded by bytes, and its body is read only for an API
 * client with alarms:write (onRequest refuses everybody else first).
 */
const BYTE_BOUNDED: Record<string, number> = {
  'POST /api/v1/alarms/alertmanager': ALARM_DELIVERY_MAX_BYTES,
  'POST /api/v1/alarms/generic': ALARM_DELIVERY_MAX_BYTES,
  // The SMS gateway's callbacks (DESIGN.md §24): up to 50 fields, bounded as a whole by bytes.
  'POST /api/v1/channels/sms/inbound': SMS_CALLBACK_MAX_BYTES,
  'POST /api/v1/channels/sms/delivery': SMS_CALLBACK_MAX_BYTES,
  // An iCal file of holidays (DESIGN.md §26): a text/calendar body, bounded by bytes and events.
  'POST /api/v1/calendars/:id/holidays/import': ICAL_MAX_BYTES,
};

function hooksOf(hook: unknown): unknown[] {
  if (!hook) return [];
  return Array.isArray(hook) ? hook : [hook];
}

function isSignedIn(route: RouteOptions): boolean {
  const schema = route.schema as { security?: Record<string, unknown>[] } | undefined;
  return (schema?.security ?? []).some((requirement) => 'bearer' in requirement);
}

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/** Routes are added without touching the database, so an inert one builds the table. */
async function routeTable() {
  const routes: RouteOptions[] = [];
  const inScope = new Set<RouteOptions>();
  const inert: Database = {
    db: {} as Db,
    reads: () => ({}) as Db,
    ping: async () => undefined,
    exclusively: (work) => work(),
    close: async () => undefined,
  };
  const onRoute = (route: RouteOptions, instance: FastifyInstance) => {
    routes.push(route);
    // Only the signed-in scope has `requires`: a route added there is a signed-in route.
    if (instance.hasDecorator('requires')) inScope.add(route);
  };
  const app = await buildApp(testConfig(), inert, { logger: false, onRoute });
  await app.ready();
  const signedIn = routes.filter(isSignedIn);
  return { app, routes, signedIn, inScope };
}

const table = await routeTable();
const name = (route: RouteOptions) => `${methodsOf(route).join(',')} ${route.url}`;

it('finds the signed-in routes of the app in its route table', () => {
  expect(table.signedIn.length).toBeGreaterThan(20);
  expect(table.signedIn.map(name)).toEqual(expect.arrayContaining(['POST /api/v1/tickets/add-comment']));
});

it('adds every signed-in route in the signed-in scope, and documents every route there as signed in', () => {
  expect(table.signedIn.filter((route) => !table.inScope.has(route)).map(name)).toEqual([]);
  expect([...table.inScope].filter((route) => !isSignedIn(route)).map(name)).toEqual([]);
});

it('authenticates in no hook after onRequest', () => {
  const authenticate = table.app.authenticate;
  const late = table.routes.filter((route) =>
    [route.preParsing, route.preValidation, route.preHandler].some((hook) => hooksOf(hook).includes(authenticate)),
  );
  expect(late.map(name)).toEqual([]);
});

it('refuses a stranger on every signed-in route before reading the body', async () => {
  // A body that cannot be parsed: a route that read it before authenticating would answer 400.
  const refusals = new Map<string, number>();
  for (const route of table.signedIn) {
    const url = route.url.replace(/:[a-z_]+/g, '1');
    for (const method of methodsOf(route)) {
      if (method === 'HEAD') continue;
      const reply = await table.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : '{"not json',
        headers: { 'content-type': 'application/json' },
      });
      refusals.set(`${method} ${route.url}`, reply.statusCode);
    }
  }
  expect([...refusals].filter(([, status]) => status !== 401)).toEqual([]);
});

it('documents the bearer requirement on every route of the signed-in scope and on no other', async () => {
  type Operation = { security?: Record<string, string[]>[] };
  const { paths } = (await table.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const documented = Object.entries(paths).flatMap(([url, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`,
      // A session's bearer first; then, on an operation an API client may call, its token with the scope.
      signedIn:
        JSON.stringify(operation.security?.[0]) === JSON.stringify({ bearer: [] }) &&
        (operation.security ?? []).slice(1).every((requirement) => JSON.stringify(Object.keys(requirement)) === '["apiToken"]'),
    })),
  );
  const signedIn = new Set([...table.inScope].flatMap((route) => methodsOf(route).map((method) => `${method} ${route.url}`)));
  expect(documented.length).toBeGreaterThan(40);
  expect(documented.filter((operation) => operation.signedIn !== signedIn.has(operation.name)).map((o) => o.name)).toEqual([]);
});

it('limits every signed-in write per user, after authentication and before the body is read', () => {
  // preParsing: onRequest has named the user; a body refused later (too large, bad JSON, the schemas) costs its turn too.
  const unlimited = table.signedIn
    .filter((route) => methodsOf(route).some((method) => WRITES.has(method)))
    .filter((route) => {
      const limit = (route.config as { rateLimit?: { keyGenerator?: unknown; hook?: string } } | undefined)?.rateLimit;
      return limit?.keyGenerator !== userKey || limit.hook !== 'preParsing';
    });
  expect(unlimited.map(name)).toEqual([]);
});

it('gives every route a body limit that fits the largest body its schema accepts', async () => {
  type Operation = { requestBody?: { content: Record<string, { schema: JsonSchema }> } };
  const { paths } = (await table.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const bodies = new Map<string, JsonSchema>();
  for (const [url, operations] of Object.entries(paths))
    for (const [method, operation] of Object.entries(operations)) {
      const schema = operation.requestBody?.content['application/json']?.schema;
      if (schema) bodies.set(`${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`, schema);
    }
  expect(bodies.size).toBeGreaterThan(20);
  expect(table.app.initialConfig.bodyLimit).toBe(BODY_LIMITS.json);

  const misfits: string[] = [];
  const sizes: Record<string, number> = {};
  for (const route of table.routes) {
    for (const method of methodsOf(route)) {
      // Fastify reads no body of a GET or HEAD.
      if (method === 'GET' || method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      const limit = route.bodyLimit ?? table.app.initialConfig.bodyLimit ?? 0;
      const schema = bodies.get(key);
      const bytes = BYTE_BOUNDED[key];
      if (bytes !== undefined) {
        if (limit !== bytes) misfits.push(`${key}: reads ${limit} bytes, not its byte bound ${bytes}`);
        continue;
      }
      if (!schema) {
        // No body to read (a multipart upload is bounded by the multipart parser's own limits).
        if (limit > BODY_LIMITS.json) misfits.push(`${key}: reads ${limit} bytes and takes no JSON body`);
        continue;
      }
      const unmeasured: string[] = [];
      const largest = largestJson(schema, '', unmeasured);
      sizes[key] = largest;
      if (unmeasured.length > 0) misfits.push(`${key}: no known limit for ${unmeasured.join(', ')} (largest-body.ts)`);
      else if (limit < largest) misfits.push(`${key}: limit ${limit} below its largest body, ${largest}`);
      else if (limit > Math.max(BODY_LIMITS.json, 2 * largest))
        misfits.push(`${key}: limit ${limit} far above its largest body, ${largest}`);
    }
  }
  expect(misfits).toEqual([]);
  // The wide body of the incident (0.7 MB) is over every signed-in limit.
  const measured = table.signedIn.filter((route) => !methodsOf(route).some((method) => `${method} ${route.url}` in BYTE_BOUNDED));
  expect(Math.max(...measured.map((route) => route.bodyLimit ?? BODY_LIMITS.json))).toBeLessThan(700_000 / 4);
  expect(sizes['POST /api/v1/tickets/add-comment']).toBeGreaterThan(40_000);
});

it('closes the app', async () => {
  await table.app.close();
});
