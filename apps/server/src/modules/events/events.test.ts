import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IssueTicketReply, LiveEvent } from '@switchboard/shared';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { comments, users } from '../../db/schema.ts';
import { createConsoleSms } from '../../lib/sms.ts';
import { describeWithApp, type TestContext } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { testConfig } from '../../../test/test-config.ts';
import { buildGroup, buildTicket, ticketBody } from '../../../test/ticket-factories.ts';
import { publishTicketEvent } from './publish.ts';
import { listen, openEventStream, viewers, type EventStream, type Viewer } from './events.test-support.ts';

const HEARTBEAT_MS = 300;

const comment = (ctx: TestContext, viewer: Viewer, ticketId: number, message: string, isInternal = false) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/add-comment',
    headers: viewer.headers,
    payload: { ticket_id: ticketId, message, is_internal: isInternal },
  });

/** The ids of a ticket's comments, oldest first. */
async function commentIdsOf(ctx: TestContext, ticketId: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: comments.id })
    .from(comments)
    .where(eq(comments.ticketId, ticketId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((row) => row.id);
}

const lastTicketEvent = (ticketId: number, name: LiveEvent['event']) => (stream: EventStream) =>
  stream.events.some((event) => event.event === name && 'ticket_id' in event.data && event.data.ticket_id === ticketId);

describeWithApp(
  'live events: who hears what',
  (ctx) => {
    let baseUrl = '';
    const open: EventStream[] = [];
    const stream = async (viewer: Viewer | null) => {
      const opened = await openEventStream(baseUrl, viewer?.token ?? null);
      open.push(opened);
      return opened;
    };
    beforeAll(async () => {
      baseUrl = await listen(ctx.app);
    });
    afterAll(() => {
      for (const opened of open) opened.close();
    });

    it('refuses a caller without a valid token with 401', async () => {
      expect((await stream(null)).status).toBe(401);
      const refused = await stream({ token: 'not-a-token' } as Viewer);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: 'unauthorized' });
    });

    it('answers with the stream headers, `: ready` and a heartbeat', async () => {
      const staff = await viewers(ctx)('cc');
      const opened = await stream(staff);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(opened.headers.get('cache-control')).toBe('no-store, no-transform');
      expect(opened.headers.get('x-accel-buffering')).toBe('no');
      await opened.until((s) => s.comments.includes('heartbeat'), HEARTBEAT_MS * 5);
      expect(opened.comments[0]).toBe('ready');
      opened.close();
    });

    it('lets staff hear everything, and customers and agents only their own tickets, never an internal note', async () => {
      const as = viewers(ctx);
      const [cc, iptsp, customerA, customerB, agentA, agentB] = await Promise.all([
        as('cc'),
        as('iptsp'),
        as('customer'),
        as('customer'),
        as('agent'),
        as('agent'),
      ]);
      const [ticketA, ticketB, ticketG, ticketH] = await Promise.all([
        buildTicket(ctx.db, customerA.user),
        buildTicket(ctx.db, customerB.user),
        buildTicket(ctx.db, agentA.user),
        buildTicket(ctx.db, agentB.user),
      ]);
      const group = await buildGroup(ctx.db);
      const streams = {
        cc: await stream(cc),
        iptsp: await stream(iptsp),
        customerA: await stream(customerA),
        customerB: await stream(customerB),
        agentA: await stream(agentA),
        agentB: await stream(agentB),
      };

      const issued = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers: customerA.headers,
        payload: ticketBody(group),
      });
      expect(issued.statusCode).toBe(201);
      const newTicket = issued.json<IssueTicketReply>().data.ticket_id;
      // Staff start on A and G with an internal note (status → in progress), then answer them.
      for (const ticket of [ticketA, ticketG]) {
        expect((await comment(ctx, cc, ticket.ticketId, 'Checking the line', true)).statusCode).toBe(201);
        expect((await comment(ctx, cc, ticket.ticketId, 'We are on it')).statusCode).toBe(201);
      }
      // Each issuer answers last: what they hear ends there.
      for (const [viewer, ticket] of [
        [customerA, ticketA],
        [customerB, ticketB],
        [agentA, ticketG],
        [agentB, ticketH],
      ] as const)
        expect((await comment(ctx, viewer, ticket.ticketId, 'Thanks')).statusCode).toBe(201);

      const [noteA, replyA, thanksA] = (await commentIdsOf(ctx, ticketA.ticketId)) as [string, string, string];
      const [noteG, replyG, thanksG] = (await commentIdsOf(ctx, ticketG.ticketId)) as [string, string, string];
      const [thanksB] = (await commentIdsOf(ctx, ticketB.ticketId)) as [string];
      const [thanksH] = (await commentIdsOf(ctx, ticketH.ticketId)) as [string];

      const created = (ticket_id: number): LiveEvent => ({ event: 'ticket.created', data: { ticket_id } });
      const changed = (ticket_id: number): LiveEvent => ({ event: 'ticket.changed', data: { ticket_id } });
      const added = (ticket_id: number, comment_id: string): LiveEvent => ({
        event: 'comment.added',
        data: { ticket_id, comment_id },
      });
      const everything = [
        created(newTicket),
        added(ticketA.ticketId, noteA),
        changed(ticketA.ticketId),
        added(ticketA.ticketId, replyA),
        added(ticketG.ticketId, noteG),
        changed(ticketG.ticketId),
        added(ticketG.ticketId, replyG),
        added(ticketA.ticketId, thanksA),
        added(ticketB.ticketId, thanksB),
        added(ticketG.ticketId, thanksG),
        added(ticketH.ticketId, thanksH),
      ];
      const heard = {
        cc: everything,
        iptsp: everything,
        customerA: [
          created(newTicket),
          changed(ticketA.ticketId),
          added(ticketA.ticketId, replyA),
          added(ticketA.ticketId, thanksA),
        ],
        customerB: [added(ticketB.ticketId, thanksB)],
        agentA: [changed(ticketG.ticketId), added(ticketG.ticketId, replyG), added(ticketG.ticketId, thanksG)],
        agentB: [added(ticketH.ticketId, thanksH)],
      };
      for (const [name, expected] of Object.entries(heard)) {
        const opened = streams[name as keyof typeof streams];
        const last = expected.at(-1);
        if (!last || !('ticket_id' in last.data)) throw new Error(`${name} expects no ticket event last`);
        await opened.until(lastTicketEvent(last.data.ticket_id, last.event));
        await opened.until((s) => s.events.length >= expected.length);
        expect(opened.events, name).toEqual(expected);
      }
    });

    it('tells the issuer of a resolve but not of a forward, and only staff of incidents', async () => {
      const as = viewers(ctx);
      const [cc, customer, other] = await Promise.all([as('cc'), as('customer'), as('customer')]);
      const [ticket, second] = await Promise.all([
        buildTicket(ctx.db, customer.user, { ticketStatus: 'in_progress' }),
        buildTicket(ctx.db, customer.user),
      ]);
      const staffStream = await stream(cc);
      const customerStream = await stream(customer);
      const otherStream = await stream(other);
      const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: cc.headers, payload });

      const forward = {
        ticket_id: ticket.ticketId,
        previously_issued_to: 'cc',
        newly_issued_to: 'iptsp',
        forward_cause: 'Line fault',
      };
      expect((await post('/api/v1/tickets/forward-ticket', forward)).statusCode).toBe(200);
      const [forwardNote] = await commentIdsOf(ctx, ticket.ticketId);
      expect((await post('/api/v1/tickets/resolve-ticket', { ticket_id: ticket.ticketId })).statusCode).toBe(200);
      const incident = await post('/api/v1/incidents', { title: 'Fibre cut', ticket_ids: [second.ticketId] });
      expect(incident.statusCode).toBe(201);
      const incidentId = incident.json<{ data: { id: number } }>().data.id;
      const resolved = await post(`/api/v1/incidents/${incidentId}/resolve`, { resolution_message: 'Repaired' });
      expect(resolved.statusCode).toBe(200);

      await staffStream.until((s) => s.events.length >= 7);
      expect(staffStream.events).toEqual([
        { event: 'ticket.changed', data: { ticket_id: ticket.ticketId } },
        { event: 'comment.added', data: { ticket_id: ticket.ticketId, comment_id: forwardNote } },
        { event: 'ticket.changed', data: { ticket_id: ticket.ticketId } },
        { event: 'incident.changed', data: { incident_id: incidentId } },
        { event: 'ticket.changed', data: { ticket_id: second.ticketId, incident_id: incidentId } },
        { event: 'incident.changed', data: { incident_id: incidentId } },
        { event: 'ticket.changed', data: { ticket_id: second.ticketId, incident_id: incidentId } },
      ]);
      // The customer hears the resolve and the incident's resolve of their ticket, without the incident.
      await customerStream.until((s) => s.events.length >= 2);
      expect(customerStream.events).toEqual([
        { event: 'ticket.changed', data: { ticket_id: ticket.ticketId } },
        { event: 'ticket.changed', data: { ticket_id: second.ticketId } },
      ]);
      expect(otherStream.events).toEqual([]);
    });

    it('publishes nothing for a change that rolls back', async () => {
      const staff = await viewers(ctx)('cc');
      const opened = await stream(staff);
      const ticket = await buildTicket(ctx.db, null);
      const heard = { ticket_id: ticket.ticketId, issuer_user_id: null, internal: false };
      await expect(
        ctx.db.transaction(async (tx) => {
          await publishTicketEvent(tx, { event: 'ticket.changed', ...heard });
          throw new Error('the change fails after publishing');
        }),
      ).rejects.toThrow('the change fails');
      await ctx.db.transaction((tx) => publishTicketEvent(tx, { event: 'ticket.created', ...heard }));
      await opened.until((s) => s.events.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(opened.events).toEqual([{ event: 'ticket.created', data: { ticket_id: ticket.ticketId } }]);
    });

    it("closes a user's oldest stream when a fourth opens", async () => {
      const customer = await viewers(ctx)('customer');
      const [first, second, third] = [await stream(customer), await stream(customer), await stream(customer)];
      expect([first.status, first.body, first.ended()]).toEqual([200, null, false]);
      const fourth = await stream(customer);
      expect(fourth.status).toBe(200);
      await first.until((s) => s.ended());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect([second.ended(), third.ended(), fourth.ended()]).toEqual([false, false, false]);
    });

    it('ends the stream of an account that changes or is deleted', async () => {
      const staff = await viewers(ctx)('cc');
      const opened = await stream(staff);
      await opened.until((s) => s.comments.includes('ready'));
      await ctx.db
        .update(users)
        .set({ userType: 'customer', tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, staff.user.id));
      await opened.until((s) => s.ended(), HEARTBEAT_MS * 5);
      expect((await stream(staff)).status).toBe(401);
    });
  },
  { env: { EVENT_HEARTBEAT_MS: String(HEARTBEAT_MS) } },
);

describeWithApp(
  'live events: the ceiling of streams',
  (ctx) => {
    let baseUrl = '';
    const open: EventStream[] = [];
    beforeAll(async () => {
      baseUrl = await listen(ctx.app);
    });
    afterAll(() => {
      for (const opened of open) opened.close();
    });

    it('answers 503 busy above EVENT_STREAMS_MAX, and opens again once one ends', async () => {
      const as = viewers(ctx);
      const [one, two, three] = await Promise.all([as('cc'), as('customer'), as('agent')]);
      const first = await openEventStream(baseUrl, one.token);
      const second = await openEventStream(baseUrl, two.token);
      open.push(first, second);
      expect([first.status, second.status]).toEqual([200, 200]);
      const refused = await openEventStream(baseUrl, three.token);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: expect.stringContaining('Too many live connections'), code: 'busy' });
      first.close();
      await expect
        .poll(async () => {
          const opened = await openEventStream(baseUrl, three.token);
          open.push(opened);
          return opened.status;
        })
        .toBe(200);
    });

    it('ends every stream cleanly when the app closes', async () => {
      const config = testConfig({ EVENT_STREAMS_MAX: '2' });
      const database = await openDatabase({ dataDir: null });
      const app = await buildApp(config, database, { logger: false, sms: createConsoleSms(() => undefined) });
      const url = await listen(app);
      const viewer = await signedInAs(app, database.db, { userType: 'cc' });
      const opened = await openEventStream(url, viewer.token);
      expect(opened.status).toBe(200);
      await app.close();
      await opened.until((s) => s.ended());
      await database.close();
    });
  },
  { env: { EVENT_STREAMS_MAX: '2' } },
);

describeWithApp('live events: two processes on one PostgreSQL', (ctx) => {
  const onPostgres = ctx.kind === 'postgres';
  let baseUrl = '';
  let second: { app: FastifyInstance; database: Database; url: string } | undefined;
  const open: EventStream[] = [];
  beforeAll(async () => {
    if (!onPostgres) return;
    baseUrl = await listen(ctx.app);
    // The same database as the first app, opened as another process would.
    const { connectionString } = (ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client.options;
    const database = await openDatabase({ url: connectionString });
    const app = await buildApp(ctx.config, database, { logger: false, sms: createConsoleSms(() => undefined) });
    second = { app, database, url: await listen(app) };
  });
  afterAll(async () => {
    for (const opened of open) opened.close();
    await second?.app.close();
    await second?.database.close();
  });
  const streamOn = async (url: string, token: string) => {
    const opened = await openEventStream(url, token);
    open.push(opened);
    return opened;
  };

  const secondUrl = () => {
    if (!second) throw new Error('the second process did not start');
    return second.url;
  };

  it.runIf(onPostgres)('delivers a write through one process to a stream of the other', async () => {
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const ticket = await buildTicket(ctx.db, customer.user);
    const onSecond = await streamOn(secondUrl(), staff.token);
    const customerOnSecond = await streamOn(secondUrl(), customer.token);
    expect([onSecond.status, customerOnSecond.status]).toEqual([200, 200]);
    const reply = await comment(ctx, staff, ticket.ticketId, 'On our way');
    expect(reply.statusCode).toBe(201);
    const [commentId] = await commentIdsOf(ctx, ticket.ticketId);
    const heard = { event: 'comment.added', data: { ticket_id: ticket.ticketId, comment_id: commentId } };
    await onSecond.until((s) => s.events.length >= 1, 1000);
    await customerOnSecond.until((s) => s.events.length >= 1, 1000);
    expect(onSecond.events[0]).toEqual(heard);
    expect(customerOnSecond.events[0]).toEqual(heard);
  });

  it.runIf(onPostgres)('listens again after its connection is terminated, and events flow again', async () => {
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const ticket = await buildTicket(ctx.db, null);
    const before = await streamOn(baseUrl, staff.token);
    expect(before.status).toBe(200);
    const terminated: unknown = await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'switchboard-events' and datname = current_database()`,
    );
    // Both processes listen on this database.
    expect((terminated as { rows: unknown[] }).rows).toHaveLength(2);
    // A stream that may have missed events ends; its client reconnects and refetches.
    await before.until((s) => s.ended(), 5000);
    let after: EventStream | null = null;
    await expect
      .poll(
        async () => {
          const opened = await streamOn(baseUrl, staff.token);
          if (opened.status === 200) after = opened;
          return opened.status;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(200);
    const resumed = after as EventStream | null;
    if (!resumed) throw new Error('no stream opened again');
    await ctx.db.transaction((tx) =>
      publishTicketEvent(tx, { event: 'ticket.changed', ticket_id: ticket.ticketId, issuer_user_id: null, internal: false }),
    );
    await resumed.until((s) => s.events.length >= 1);
    expect(resumed.events).toEqual([{ event: 'ticket.changed', data: { ticket_id: ticket.ticketId } }]);
  });
});
