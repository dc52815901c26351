/**
 * The route table keeps two conventions (ASVS V8.3.1, V2.4.1): every signed-in route authenticates
 * in onRequest, before its body is read, and every signed-in write carries the per-user limit.
 * Routes are recorded as the app adds them, so a route added later is held to the same rules.
 */
import type { RouteOptions } from 'fastify';
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
  const inert: Database = {
    db: {} as Db,
    ping: async () => undefined,
    exclusively: (work) => work(),
    close: async () => undefined,
  };
  const app = await buildApp(testConfig(), inert, { logger: false, onRoute: (route) => routes.push(route) });
  await app.ready();
  const signedIn = routes.filter(isSignedIn);
  return { app, routes, signedIn };
}

const table = await routeTable();
const name = (route: RouteOptions) => `${methodsOf(route).join(',')} ${route.url}`;

it('finds the signed-in routes of the app in its route table', () => {
  expect(table.signedIn.length).toBeGreaterThan(20);
  expect(table.signedIn.map(name)).toEqual(expect.arrayContaining(['POST /api/v1/tickets/add-comment']));
});

it('authenticates every signed-in route in onRequest and in no later hook', async () => {
  const authenticate = table.app.authenticate;
  const wrong = table.signedIn.filter(
    (route) =>
      !hooksOf(route.onRequest).includes(authenticate) ||
      [route.preParsing, route.preValidation, route.preHandler].some((hook) => hooksOf(hook).includes(authenticate)),
  );
  expect(wrong.map(name)).toEqual([]);
  await table.app.close();
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
