/**
 * Every write of the API leaves one audit row (DESIGN.md §17), in the transaction of the change.
 * The list of writes is the app's own route table: a new write route that forgets its audit row
 * fails here, unless it joins the short list of writes that change nothing a person did.
 */
import { notInArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@switchboard/shared';
import { auditLog } from '../../src/db/schema.ts';
import { describeWithApp } from '../harness.ts';
import { buildWorld, REQUESTS, type World } from './access-requests.ts';
import type { CallerName } from './callers.ts';
import { listEndpoints } from './endpoints.ts';

/** Writes that record nothing, each with its reason. */
const UNAUDITED_WRITES: Record<string, string> = {
  'POST /api/v1/users/generate-otp': 'sends a code; the sign-in that uses it is audited (auth.login)',
  'POST /api/v1/tickets/get-presigned-post': 'grants an upload; the ticket or comment that claims it is audited',
  'POST /api/v1/tickets/get-presigned-post/public': 'grants an upload; the public ticket that claims it is audited',
};

/** Who asks: the first of these for whom the row's well-formed request succeeds. */
const ASKERS: readonly CallerName[] = ['admin', 'cc', 'customer', 'anonymous'];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describeWithApp('the audit trail of every write', (ctx) => {
  const world = {} as World;
  const writes = () =>
    listEndpoints(ctx.app).filter((endpoint) => WRITE_METHODS.has(endpoint.method) && endpoint.path.startsWith('/api/v1/'));

  beforeAll(async () => {
    Object.assign(world, await buildWorld(ctx.app, ctx.db, ctx.config));
  });

  const auditIds = async () => (await ctx.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id);

  it('lists only writes that exist', () => {
    const keys = writes().map((endpoint) => endpoint.key);
    expect(Object.keys(UNAUDITED_WRITES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('writes exactly one row, with a known action and the caller address, for every audited write that succeeds', async () => {
    const problems: string[] = [];
    for (const endpoint of writes()) {
      const request = REQUESTS[endpoint.key];
      if (!request) {
        problems.push(`${endpoint.key}: no well-formed request in access-requests.ts`);
        continue;
      }
      let done = false;
      for (const name of ASKERS) {
        const caller = world.callers[name];
        const options = await request(caller, world);
        const before = await auditIds();
        const reply = await ctx.app.inject(options);
        if (reply.statusCode >= 300) continue;
        done = true;
        // Ids, not times: a row's time has microseconds that a Date read back does not keep.
        const rows = before.length
          ? await ctx.db.select().from(auditLog).where(notInArray(auditLog.id, before))
          : await ctx.db.select().from(auditLog);
        const expected = endpoint.key in UNAUDITED_WRITES ? 0 : 1;
        if (rows.length !== expected) {
          problems.push(`${endpoint.key} (as ${name}): ${rows.length} audit rows, expected ${expected}`);
          break;
        }
        for (const row of rows) {
          if (!(AUDIT_ACTIONS as readonly string[]).includes(row.action))
            problems.push(`${endpoint.key}: unknown action ${row.action}`);
          if (row.ip !== caller.ip) problems.push(`${endpoint.key}: ip ${row.ip}, expected ${caller.ip}`);
          // Public writes (the form, sign-in) have no signed-in caller to name.
          if (endpoint.signedIn && row.actorUserId !== caller.user?.id)
            problems.push(`${endpoint.key}: actor ${row.actorUserId}, expected ${caller.user?.id}`);
        }
        break;
      }
      if (!done) problems.push(`${endpoint.key}: no caller of ${ASKERS.join(', ')} succeeded`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
