/**
 * The route table keeps two conventions (ASVS V8.3.1, V2.4.1): every signed-in route lives in the
 * signed-in scope, which authenticates in onRequest, before the body is read, and every signed-in
 * write carries the per-user limit. Routes are recorded as the app adds them, so a route added
 * later is held to the same rules.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database, Db } from '../../src/db/client.ts';
import { userKey } from '../../src/plugins/write-limits.ts';
import { testConfig } from '../test-config.ts';

const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

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
  type Operation = { security?: unknown };
  const { paths } = (await table.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const documented = Object.entries(paths).flatMap(([url, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`,
      signedIn: JSON.stringify(operation.security) === JSON.stringify([{ bearer: [] }]),
    })),
  );
  const signedIn = new Set([...table.inScope].flatMap((route) => methodsOf(route).map((method) => `${method} ${route.url}`)));
  expect(documented.length).toBeGreaterThan(40);
  expect(documented.filter((operation) => operation.signedIn !== signedIn.has(operation.name)).map((o) => o.name)).toEqual([]);
});

it('limits every signed-in write per user, after authentication', () => {
  const unlimited = table.signedIn
    .filter((route) => methodsOf(route).some((method) => WRITES.has(method)))
    .filter((route) => {
      const limit = (route.config as { rateLimit?: { keyGenerator?: unknown; hook?: string } } | undefined)?.rateLimit;
      return limit?.keyGenerator !== userKey || limit.hook !== 'preHandler';
    });
  expect(unlimited.map(name)).toEqual([]);
});

it('closes the app', async () => {
  await table.app.close();
});
