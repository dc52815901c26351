/**
 * The access matrix of API client tokens (DESIGN.md §21): every operation a client may call, and
 * the client operations themselves, × every kind of token, one expected status per cell. The rows
 * reuse the access matrix's requests; every operation that OpenAPI gives a scope must have a row,
 * and every other signed-in operation must refuse every token (default deny).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API_SCOPES, type ApiScope } from '@switchboard/shared';
import { users } from '../../src/db/schema.ts';
import { createClient, expireClient } from '../api-client-factories.ts';
import { describeWithApp } from '../harness.ts';
import { buildWorld, REQUESTS, type World } from './access-requests.ts';
import { TOKEN_COLUMNS, type Caller, type TokenColumn } from './callers.ts';
import { injectStreamAware, listEndpoints, type Endpoint } from './endpoints.ts';

/** Columns: no token, live (cc, every scope), revoked, expired, without the scope, another client (rs), forged. */
// prettier-ignore
const EXPECTED: Record<string, readonly number[]> = {
  //                                                                   none live revk expd nscp othr forg
  'POST /api/v1/tickets/issue-ticket':                                [401, 201, 401, 401, 403, 201, 401],
  'GET /api/v1/tickets/user-type-wise-tickets/{page}':                [401, 200, 401, 401, 403, 200, 401],
  'GET /api/v1/tickets/get-ticket-by-id/{id}':                        [401, 200, 401, 401, 403, 200, 401],
  "GET /api/v1/tickets/get-ticket-by-id/{id} #an agent's ticket":     [401, 200, 401, 401, 403, 200, 401],
  'GET /api/v1/tickets/get-ticket-by-id/{id} #a public ticket':       [401, 200, 401, 401, 403, 200, 401],
  'GET /api/v1/tickets/get-ticket-by-id/{id} #no such ticket':        [401, 404, 401, 401, 403, 404, 401],
  'POST /api/v1/tickets/add-comment':                                 [401, 201, 401, 401, 403, 201, 401],
  'GET /api/v1/tickets/{id}/comments':                                [401, 200, 401, 401, 403, 200, 401],
  'GET /api/v1/tickets/{id}/comments #a public ticket':               [401, 200, 401, 401, 403, 200, 401],
  // A client acts with its department's rights: rs may not forward or resolve what cc holds.
  'POST /api/v1/tickets/forward-ticket':                              [401, 200, 401, 401, 403, 403, 401],
  "POST /api/v1/tickets/forward-ticket #held by the caller's department":
                                                                      [401, 200, 401, 401, 403, 200, 401],
  'POST /api/v1/tickets/resolve-ticket':                              [401, 200, 401, 401, 403, 403, 401],
  "POST /api/v1/tickets/resolve-ticket #held by the caller's department":
                                                                      [401, 200, 401, 401, 403, 200, 401],
  'GET /api/v1/tickets/number-history/{number}':                      [401, 200, 401, 401, 403, 200, 401],
  // The scope is checked before the request is read: a token without it learns nothing of the input.
  'GET /api/v1/tickets/number-history/{number} #a malformed number':  [401, 400, 401, 401, 403, 400, 401],
  'GET /api/v1/incidents':                                            [401, 200, 401, 401, 403, 200, 401],
  'GET /api/v1/incidents/{id}':                                       [401, 200, 401, 401, 403, 200, 401],
  'POST /api/v1/incidents':                                           [401, 201, 401, 401, 403, 201, 401],
  "POST /api/v1/incidents #held by the caller's department":          [401, 201, 401, 401, 403, 201, 401],
  'POST /api/v1/incidents #without tickets':                          [401, 201, 401, 401, 403, 201, 401],
  'PATCH /api/v1/incidents/{id}':                                     [401, 200, 401, 401, 403, 200, 401],
  'POST /api/v1/incidents/{id}/tickets':                              [401, 200, 401, 401, 403, 403, 401],
  "POST /api/v1/incidents/{id}/tickets #held by the caller's department":
                                                                      [401, 200, 401, 401, 403, 200, 401],
  'DELETE /api/v1/incidents/{id}/tickets/{ticket_id}':                [401, 200, 401, 401, 403, 200, 401],
  "DELETE /api/v1/incidents/{id}/tickets/{ticket_id} #held by the caller's department":
                                                                      [401, 200, 401, 401, 403, 200, 401],
  'POST /api/v1/incidents/{id}/resolve':                              [401, 200, 401, 401, 403, 200, 401],
  "POST /api/v1/incidents/{id}/resolve #held by the caller's department":
                                                                      [401, 200, 401, 401, 403, 200, 401],
  "POST /api/v1/incidents/{id}/resolve #another department's ticket already solved":
                                                                      [401, 200, 401, 401, 403, 200, 401],
  // Alarms (DESIGN.md §22): any client with alarms:write, whatever its department.
  'POST /api/v1/alarms/alertmanager':                                 [401, 200, 401, 401, 403, 200, 401],
  'POST /api/v1/alarms/generic':                                      [401, 200, 401, 401, 403, 200, 401],
  // Subscribers (DESIGN.md §23): any client with subscribers:write, whatever its department.
  'PUT /api/v1/subscribers/{number}':                                 [401, 200, 401, 401, 403, 200, 401],
  'POST /api/v1/subscribers/import':                                  [401, 200, 401, 401, 403, 200, 401],
  // The SMS gateway's callbacks (DESIGN.md §24): any client with channels:inbound, whatever its department.
  'POST /api/v1/channels/sms/inbound':                                [401, 200, 401, 401, 403, 200, 401],
  'GET /api/v1/channels/sms/inbound':                                 [401, 200, 401, 401, 403, 200, 401],
  'POST /api/v1/channels/sms/delivery':                               [401, 200, 401, 401, 403, 200, 401],
  'GET /api/v1/channels/sms/delivery':                                [401, 200, 401, 401, 403, 200, 401],
  // The clients themselves are the admins': no token manages tokens.
  'GET /api/v1/api-clients':                                          [401, 403, 401, 401, 403, 403, 401],
  'POST /api/v1/api-clients':                                         [401, 403, 401, 401, 403, 403, 401],
  'DELETE /api/v1/api-clients/{id}':                                  [401, 403, 401, 401, 403, 403, 401],
};

/** What every signed-in operation that names no scope answers (default deny). */
const UNSCOPED: readonly number[] = [401, 403, 401, 401, 403, 403, 401];

const endpointOf = (row: string) => row.split(' #')[0] ?? row;

interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
}

/** The scope each operation names in OpenAPI (`apiToken`), by row key. */
function scopesOfOperations(document: OpenApiDocument): Map<string, string> {
  const scopes = new Map<string, string>();
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const scope = operation.security?.find((requirement) => 'apiToken' in requirement)?.apiToken?.[0];
      if (scope) scopes.set(`${method.toUpperCase()} ${path}`, scope);
    }
  return scopes;
}

describeWithApp('the access matrix of client tokens', (ctx) => {
  const world = {} as World;
  const columns = {} as Record<TokenColumn, Caller>;
  /** The scope-less token of each row: a cc client with every scope but the one the row needs. */
  const withoutScope = new Map<string, Caller>();
  let scopes = new Map<string, string>();

  beforeAll(async () => {
    Object.assign(world, await buildWorld(ctx.app, ctx.db, ctx.config));
    const admin = world.callers.admin.headers;
    const every: ApiScope[] = [...API_SCOPES];
    const callerOf = async (name: TokenColumn, department: 'cc' | 'rs', granted: ApiScope[], index: number) => {
      const client = await createClient(ctx.app, ctx.db, admin, { name: `Token ${name}`, department, scopes: granted });
      const [account] = await ctx.db.select().from(users).where(eq(users.id, client.accountId));
      return { client, caller: { name, user: account ?? null, headers: client.headers, ip: `203.0.113.${index}` } };
    };
    columns.noToken = { name: 'noToken', user: null, headers: {}, ip: '203.0.113.1' };
    columns.live = (await callerOf('live', 'cc', every, 2)).caller;
    const revoked = await callerOf('revoked', 'cc', every, 3);
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/api-clients/${revoked.client.id}`, headers: admin });
    columns.revoked = revoked.caller;
    const expired = await callerOf('expired', 'cc', every, 4);
    await expireClient(ctx.db, expired.client.id);
    columns.expired = expired.caller;
    columns.otherClient = (await callerOf('otherClient', 'rs', every, 6)).caller;
    const other = await callerOf('forged', 'cc', every, 7);
    const liveId = columns.live.headers.authorization?.split('_')[1] ?? '';
    const forged = `Bearer sb_${liveId}_${other.client.token.slice(-43)}`;
    columns.forged = { ...columns.live, name: 'forged', headers: { authorization: forged }, ip: '203.0.113.7' };
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    scopes = scopesOfOperations(document);
    let index = 10;
    for (const scope of new Set(scopes.values())) {
      const granted = every.filter((candidate) => candidate !== scope);
      withoutScope.set(scope, (await callerOf('withoutScope', 'cc', granted, index++)).caller);
    }
    // For an operation without a scope: a token with every scope.
    withoutScope.set('', columns.live);
  });

  const callerFor = (column: TokenColumn, row: string): Caller => {
    if (column !== 'withoutScope') return columns[column];
    const caller = withoutScope.get(scopes.get(endpointOf(row)) ?? '');
    if (!caller) throw new Error(`no scope-less caller for ${row}`);
    return caller;
  };

  it('has a row for every operation a token may call, and each row has a request and every column', () => {
    const rows = new Set(Object.keys(EXPECTED).map(endpointOf));
    expect(
      [...scopes.keys()].filter((key) => !rows.has(key)),
      'scoped operations without a row',
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((row) => !REQUESTS[row]),
      'rows without a request',
    ).toEqual([]);
    for (const [row, statuses] of Object.entries(EXPECTED)) expect(statuses, row).toHaveLength(TOKEN_COLUMNS.length);
  });

  const run = async (row: string, statuses: readonly number[], endpoint: Endpoint | undefined) => {
    const request = REQUESTS[row];
    if (!request) throw new Error(`no request for ${row}`);
    const expected: Partial<Record<TokenColumn, number>> = {};
    const actual: Partial<Record<TokenColumn, number>> = {};
    for (const [index, column] of TOKEN_COLUMNS.entries()) {
      const reply = await injectStreamAware(ctx.app, endpoint, await request(callerFor(column, row), world));
      expected[column] = statuses[index];
      actual[column] = reply.statusCode;
    }
    expect(actual).toEqual(expected);
  };

  for (const [row, statuses] of Object.entries(EXPECTED)) {
    it(row, async () => {
      await run(
        row,
        statuses,
        listEndpoints(ctx.app).find((candidate) => candidate.key === endpointOf(row)),
      );
    });
  }

  it('refuses every token on every other signed-in operation (default deny)', async () => {
    const others = listEndpoints(ctx.app).filter(
      (endpoint) => endpoint.signedIn && !scopes.has(endpoint.key) && !(endpoint.key in EXPECTED),
    );
    expect(others.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const endpoint of others) {
      const request = REQUESTS[endpoint.key];
      if (!request) {
        failures.push(`${endpoint.key}: no request`);
        continue;
      }
      const actual: number[] = [];
      for (const column of TOKEN_COLUMNS)
        actual.push(
          (await injectStreamAware(ctx.app, endpoint, await request(callerFor(column, endpoint.key), world))).statusCode,
        );
      if (JSON.stringify(actual) !== JSON.stringify(UNSCOPED)) failures.push(`${endpoint.key}: ${actual.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });
});
