/**
 * Every write of the API leaves one audit row (DESIGN.md §17), in the transaction of the change.
 * The list of writes is the app's own route table: a new write route that forgets its audit row
 * fails here, unless it joins the short list of writes that change nothing a person did.
 */
import { eq, notInArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { API_SCOPES, AUDIT_ACTIONS, type AuditAction } from '@switchboard/shared';
import { auditLog, users } from '../../src/db/schema.ts';
import { createClient } from '../api-client-factories.ts';
import { describeWithApp } from '../harness.ts';
import { buildTicket } from '../ticket-factories.ts';
import { buildWorld, REQUESTS, type World } from './access-requests.ts';
import type { Caller, CallerName } from './callers.ts';
import { listEndpoints } from './endpoints.ts';

/** Writes that record nothing, each with its reason. */
const UNAUDITED_WRITES: Record<string, string> = {
  'POST /api/v1/users/generate-otp': 'sends a code; the sign-in that uses it is audited (auth.login)',
  'POST /api/v1/tickets/get-presigned-post': 'grants an upload; the ticket or comment that claims it is audited',
  'POST /api/v1/tickets/get-presigned-post/public': 'grants an upload; the public ticket that claims it is audited',
  'POST /api/v1/alarms/alertmanager':
    "a monitoring system's delivery, kept in the alarm delivery log; an incident it opens is audited (incident.create)",
  'POST /api/v1/alarms/generic':
    "a monitoring system's delivery, kept in the alarm delivery log; an incident it opens is audited (incident.create)",
  'POST /api/v1/channels/sms/inbound':
    "the SMS gateway's callback, kept in inbound_messages; the ticket or comment it files and a STOP or START are audited",
  'POST /api/v1/channels/sms/delivery': "the SMS gateway's delivery report, kept on the outbox message it names",
  'POST /api/v1/public/ratings/comment':
    'adds the words to the rating just given by the same link, which is audited (ticket.rate); kept on the rating',
  'POST /api/v1/tickets/{id}/presence':
    'says where the caller is on a ticket for the next 45 s (ticket_presence); changes nothing of the ticket',
  'POST /api/v1/inbox/read': "marks the caller's own notifications read; kept on the items (read_at), which change nothing else",
  'POST /api/v1/articles/preview': 'renders Markdown for the editor and stores nothing',
  'POST /api/v1/articles/{id}/helped':
    "adds one to a day's count of reports avoided by an article; anonymous and counted, no person's act",
};

/** Writes only an API client makes (DESIGN.md §22, §24): asked by a client with every scope instead. */
const CLIENT_WRITES = new Set([
  'POST /api/v1/alarms/alertmanager',
  'POST /api/v1/alarms/generic',
  'POST /api/v1/channels/sms/inbound',
  'POST /api/v1/channels/sms/delivery',
]);

/**
 * Writes that also change tickets record each ticket's own rows besides theirs: an incident's
 * resolve closes its one ticket here and posts the resolution on it, as a resolve and a reply would.
 */
const FURTHER_ROWS: Record<string, readonly AuditAction[]> = {
  'POST /api/v1/incidents/{id}/resolve': ['comment.create', 'ticket.resolve'],
};

/** Who asks: the first of these for whom the row's well-formed request succeeds. */
const ASKERS: readonly CallerName[] = ['admin', 'cc', 'customer', 'anonymous'];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describeWithApp('the audit trail of every write', (ctx) => {
  const world = {} as World;
  const writes = () =>
    listEndpoints(ctx.app).filter((endpoint) => WRITE_METHODS.has(endpoint.method) && endpoint.path.startsWith('/api/v1/'));

  let client: Caller;

  beforeAll(async () => {
    Object.assign(world, await buildWorld(ctx.app, ctx.db, ctx.config));
    const made = await createClient(ctx.app, ctx.db, world.callers.admin.headers, { scopes: [...API_SCOPES] });
    const [account] = await ctx.db.select().from(users).where(eq(users.id, made.accountId));
    client = { name: 'live', user: account ?? null, headers: made.headers, ip: '203.0.113.90' };
  });

  const auditIds = async () => (await ctx.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id);

  it('lists only writes that exist', () => {
    const keys = writes().map((endpoint) => endpoint.key);
    expect(Object.keys(UNAUDITED_WRITES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('writes exactly one row (and those of the tickets it changes), with a known action and the caller address, for every audited write that succeeds', async () => {
    const problems: string[] = [];
    for (const endpoint of writes()) {
      const request = REQUESTS[endpoint.key];
      if (!request) {
        problems.push(`${endpoint.key}: no well-formed request in access-requests.ts`);
        continue;
      }
      let done = false;
      const askers = CLIENT_WRITES.has(endpoint.key) ? [client] : ASKERS.map((name) => world.callers[name]);
      for (const caller of askers) {
        const { name } = caller;
        const options = await request(caller, world);
        const before = await auditIds();
        const reply = await ctx.app.inject(options);
        if (reply.statusCode >= 300) continue;
        done = true;
        // Ids, not times: a row's time has microseconds that a Date read back does not keep.
        const rows = before.length
          ? await ctx.db.select().from(auditLog).where(notInArray(auditLog.id, before))
          : await ctx.db.select().from(auditLog);
        const expected = endpoint.key in UNAUDITED_WRITES ? 0 : 1 + (FURTHER_ROWS[endpoint.key]?.length ?? 0);
        if (rows.length !== expected) {
          problems.push(`${endpoint.key} (as ${name}): ${rows.length} audit rows, expected ${expected}`);
          break;
        }
        const further = FURTHER_ROWS[endpoint.key];
        const actions = rows.map((row) => row.action).sort();
        if (further && !further.every((action) => actions.includes(action)))
          problems.push(`${endpoint.key}: actions ${actions.join(', ')}, expected also ${further.join(', ')}`);
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

  it("names the tickets in an incident's rows and writes each ticket's resolve and reply rows when it resolves them", async () => {
    const cc = world.callers.cc;
    const customer = world.callers.customer.user;
    const [rsTicket, iptspTicket, later, dropped] = await Promise.all(
      (['rs', 'iptsp', 'oss-bss', 'cc'] as const).map((issuedTo) =>
        buildTicket(ctx.db, customer, { issuedTo, ticketStatus: 'open' }),
      ),
    );
    const solved = await buildTicket(ctx.db, customer, { issuedTo: 'rs', ticketStatus: 'closed' });
    if (!rsTicket || !iptspTicket || !later || !dropped) throw new Error('tickets missing');
    const send = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
      const reply = await ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: cc.headers,
        remoteAddress: cc.ip,
        ...(payload ? { payload } : {}),
      });
      expect(reply.statusCode, reply.body).toBeLessThan(300);
      return reply.json<{ data: { id: number } }>();
    };
    const before = await auditIds();
    const ticketIds = [rsTicket.ticketId, iptspTicket.ticketId, dropped.ticketId, solved.ticketId];
    const { id } = (await send('POST', '/incidents', { title: 'Audited fault', ticket_ids: ticketIds })).data;
    await send('POST', `/incidents/${id}/tickets`, { ticket_ids: [later.ticketId] });
    await send('DELETE', `/incidents/${id}/tickets/${dropped.ticketId}`);
    await send('POST', `/incidents/${id}/resolve`, { resolution_message: 'Repaired.' });

    const rows = (await ctx.db.select().from(auditLog).where(notInArray(auditLog.id, before))).map((row) => ({
      action: row.action,
      target: row.target,
      actor: row.actorUserId,
      ip: row.ip,
      details: row.details as Record<string, unknown>,
    }));
    const byCc = { actor: cc.user?.id, ip: cc.ip };
    const closed = [rsTicket, iptspTicket, later].sort((a, b) => a.ticketId - b.ticketId);
    expect(rows.filter((row) => row.target === `incident:${id}`)).toEqual([
      {
        action: 'incident.create',
        target: `incident:${id}`,
        ...byCc,
        details: { title: 'Audited fault', tickets_linked: 4, ticket_ids: [...ticketIds].sort((a, b) => a - b) },
      },
      {
        action: 'incident.link',
        target: `incident:${id}`,
        ...byCc,
        details: { ticket_ids: [later.ticketId], tickets_linked: 1 },
      },
      {
        action: 'incident.unlink',
        target: `incident:${id}`,
        ...byCc,
        details: { ticket_id: dropped.ticketId, ticket_ids: [dropped.ticketId] },
      },
      {
        action: 'incident.resolve',
        target: `incident:${id}`,
        ...byCc,
        details: { tickets_resolved: 3, ticket_ids: closed.map((ticket) => ticket.ticketId) },
      },
    ]);
    for (const ticket of closed) {
      const own = rows.filter((row) => row.target === `ticket:${ticket.ticketId}`);
      expect(own.map((row) => row.action).sort(), `ticket ${ticket.ticketId}`).toEqual(['comment.create', 'ticket.resolve']);
      for (const row of own) expect(row).toMatchObject({ ...byCc, details: { incident_id: id } });
      expect(own.find((row) => row.action === 'ticket.resolve')?.details).toEqual({
        holder: ticket.issuedTo,
        from_status: 'open',
        incident_id: id,
      });
    }
    // Neither the ticket taken out nor the one solved before gets a row of the resolve.
    expect(
      rows.filter((row) => row.target === `ticket:${dropped.ticketId}` || row.target === `ticket:${solved.ticketId}`),
    ).toEqual([]);
  });
});
