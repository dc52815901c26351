import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  BULK_BATCH_SIZE,
  BULK_MAX_TICKETS,
  type BulkActionReply,
  type Department,
  type TicketStatus,
  type UserType,
} from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { buildUser, signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { auditLog, tickets } from '../../db/schema.ts';
import { listen, openEventStream, type EventStream } from '../events/events.test-support.ts';
import { storedWorkflow, type Headers } from '../forwarding/forwarding.test-support.ts';
import { auditOf, incidentCalls, storedTicket } from '../incidents/incidents.test-support.ts';
import { outboxOf } from '../notifications/notifications.test-support.ts';

describeWithApp('bulk actions (DESIGN.md §30)', (ctx) => {
  const person = (userType: UserType, name?: string) => signedInAs(ctx.app, ctx.db, { userType, name });
  let customer: Awaited<ReturnType<typeof person>>;
  const ticketAt = (issuedTo: Department, ticketStatus: TicketStatus = 'open') =>
    buildTicket(ctx.db, customer.user, { issuedTo, ticketStatus });
  const bulk = (headers: Headers, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/bulk', headers, payload: body });
  const outcome = async (headers: Headers, body: Record<string, unknown>) => {
    const reply = await bulk(headers, body);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<BulkActionReply>().data;
  };
  const auditRows = (ticketIds: number[], action?: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          inArray(
            auditLog.target,
            ticketIds.map((id) => `ticket:${id}`),
          ),
          action ? eq(auditLog.action, action as never) : undefined,
        ),
      );
  const statuses = async (ticketIds: number[]) =>
    Object.fromEntries(
      (
        await ctx.db
          .select({
            id: tickets.ticketId,
            status: tickets.ticketStatus,
            holder: tickets.issuedTo,
            assignee: tickets.assigneeUserId,
          })
          .from(tickets)
          .where(inArray(tickets.ticketId, ticketIds))
      ).map((row) => [row.id, { status: row.status, holder: row.holder, assignee: row.assignee }]),
    );

  let baseUrl = '';
  const streams: EventStream[] = [];
  beforeAll(async () => {
    customer = await person('customer', 'Sadia Karim');
    baseUrl = await listen(ctx.app);
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });
  const staffStream = async () => {
    const watcher = await person('cc');
    const stream = await openEventStream(baseUrl, watcher.token);
    streams.push(stream);
    await stream.until((opened) => opened.comments.includes('ready'));
    return stream;
  };
  const changed = (stream: EventStream, ticketId: number) =>
    stream.events.filter(
      (event) => event.event === 'ticket.changed' && 'ticket_id' in event.data && event.data.ticket_id === ticketId,
    ).length;

  it('resolves each ticket as a single resolve would, and refuses a solved one with the single message', async () => {
    const stream = await staffStream();
    const cc = await person('cc', 'Farhana Akter');
    const [first, second, solved] = [await ticketAt('rs'), await ticketAt('cc', 'in_progress'), await ticketAt('cc', 'closed')];
    const ids = [solved.ticketId, second.ticketId, first.ticketId];
    const data = await outcome(cc.headers, { action: 'resolve', ticket_ids: ids });
    expect(data).toEqual({
      done: [first.ticketId, second.ticketId],
      refused: [{ ticket_id: solved.ticketId, message: 'This ticket is already solved.', code: 'conflict' }],
    });
    for (const ticket of [first, second]) {
      const stored = await storedWorkflow(ctx.db, ticket.ticketId);
      expect(stored.status).toBe('closed');
      expect(stored.resolvedAt).toBeInstanceOf(Date);
      // Each ticket its own audit row and its issuer's notice.
      const rows = await auditRows([ticket.ticketId], 'ticket.resolve');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorUserId: cc.user.id, details: { holder: ticket.issuedTo } });
      expect((await outboxOf(ctx.db, ticket.ticketId)).map((row) => row.kind)).toEqual(['resolved']);
    }
    expect(await auditRows([solved.ticketId])).toEqual([]);
    expect(await outboxOf(ctx.db, solved.ticketId)).toEqual([]);
    // Each resolved ticket is announced once; the refused one not at all.
    await stream.until((heard) => changed(heard, first.ticketId) === 1 && changed(heard, second.ticketId) === 1);
    expect(changed(stream, solved.ticketId)).toBe(0);
  });

  it('forwards each ticket from the holder it has, with its forward event, note and audit row; refuses what the single forward refuses', async () => {
    const rs = await person('rs', 'Nusrat Jahan');
    const own = [await ticketAt('rs'), await ticketAt('rs', 'in_progress')];
    const elsewhere = await ticketAt('iptsp');
    const alreadyThere = await ticketAt('rs', 'closed');
    const data = await outcome(rs.headers, {
      action: 'forward',
      ticket_ids: [...own.map((ticket) => ticket.ticketId), elsewhere.ticketId, alreadyThere.ticketId],
      newly_issued_to: 'iptsp',
      forward_cause: 'The fibre team handles these',
    });
    expect(data.done).toEqual(own.map((ticket) => ticket.ticketId));
    expect(data.refused).toEqual([
      {
        ticket_id: elsewhere.ticketId,
        message: 'This ticket is with IPTSP: only they or Customer Care can act on it.',
        code: 'forbidden',
      },
      {
        ticket_id: alreadyThere.ticketId,
        message: 'This ticket is already solved; it cannot be forwarded.',
        code: 'conflict',
      },
    ]);
    for (const ticket of own) {
      const stored = await storedWorkflow(ctx.db, ticket.ticketId);
      expect(stored).toMatchObject({
        issuedTo: 'iptsp',
        status: 'in_progress',
        events: [{ from: 'rs', to: 'iptsp', cause: 'The fibre team handles these', inLoop: false, by: 'Nusrat Jahan' }],
        comments: [{ message: 'Forwarded to IPTSP', internal: true, by: 'Nusrat Jahan' }],
      });
      expect(await auditRows([ticket.ticketId], 'ticket.forward')).toHaveLength(1);
    }
    expect(await storedWorkflow(ctx.db, elsewhere.ticketId)).toMatchObject({ issuedTo: 'iptsp', events: [], comments: [] });
  });

  it('assigns each ticket by the single assignment rules', async () => {
    const iptsp = await person('iptsp', 'Rafiq Islam');
    const mine = await ticketAt('iptsp');
    const solved = await ticketAt('iptsp', 'closed');
    const theirs = await ticketAt('rs');
    const data = await outcome(iptsp.headers, {
      action: 'assign',
      ticket_ids: [mine.ticketId, solved.ticketId, theirs.ticketId],
      user_id: iptsp.user.id,
    });
    expect(data).toEqual({
      done: [mine.ticketId],
      refused: [
        { ticket_id: solved.ticketId, message: 'This ticket is already solved; nobody can take it.', code: 'conflict' },
        {
          ticket_id: theirs.ticketId,
          message: 'This ticket is with Retail Sales: only they or Customer Care can assign it.',
          code: 'forbidden',
        },
      ],
    });
    const stored = await statuses([mine.ticketId, theirs.ticketId]);
    expect(stored[mine.ticketId]?.assignee).toBe(iptsp.user.id);
    expect(stored[theirs.ticketId]?.assignee).toBeNull();
    expect(await auditRows([mine.ticketId], 'tickets.assign')).toHaveLength(1);

    // A colleague who may not hold the tickets: each refused with the single answer, which names no account.
    const outsider = await buildUser(ctx.db, { userType: 'oss_bss' });
    const handed = await outcome(iptsp.headers, { action: 'assign', ticket_ids: [mine.ticketId], user_id: outsider.id });
    expect(handed.refused).toEqual([
      {
        ticket_id: mine.ticketId,
        message: 'This person cannot take this ticket: choose a colleague of the department that holds it.',
        code: 'validation',
      },
    ]);
    // Release, in bulk too.
    expect(await outcome(iptsp.headers, { action: 'assign', ticket_ids: [mine.ticketId], user_id: null })).toEqual({
      done: [mine.ticketId],
      refused: [],
    });
  });

  it('sets the priority of each ticket by the single priority rules, with its audit row', async () => {
    const iptsp = await person('iptsp');
    const mine = await ticketAt('iptsp');
    const solved = await ticketAt('iptsp', 'closed');
    const theirs = await ticketAt('rs');
    const data = await outcome(iptsp.headers, {
      action: 'priority',
      ticket_ids: [mine.ticketId, solved.ticketId, theirs.ticketId],
      priority: 'urgent',
    });
    expect(data.done).toEqual([mine.ticketId]);
    expect(data.refused.map((refusal) => [refusal.ticket_id, refusal.code])).toEqual([
      [solved.ticketId, 'conflict'],
      [theirs.ticketId, 'forbidden'],
    ]);
    const stored = await ctx.db
      .select({ id: tickets.ticketId, priority: tickets.priority })
      .from(tickets)
      .where(inArray(tickets.ticketId, [mine.ticketId, solved.ticketId, theirs.ticketId]));
    expect(Object.fromEntries(stored.map((row) => [row.id, row.priority]))).toEqual({
      [mine.ticketId]: 'urgent',
      [solved.ticketId]: 'normal',
      [theirs.ticketId]: 'normal',
    });
    expect(await auditRows([mine.ticketId, solved.ticketId, theirs.ticketId], 'ticket.priority')).toHaveLength(1);
    const unknown = await bulk(iptsp.headers, { action: 'priority', ticket_ids: [mine.ticketId], priority: 'panic' });
    expect(unknown.statusCode).toBe(400);
  });

  it('links each ticket to an incident with its own audit row; refuses the other department, another incident, a missing ticket', async () => {
    const rs = await person('rs');
    const incidents = incidentCalls(ctx.app);
    const first = await incidents.create(rs.headers, { title: 'Fibre cut in Mirpur' });
    const other = await incidents.create(rs.headers, { title: 'Power cut', ticket_ids: [(await ticketAt('rs')).ticketId] });
    const incidentId = first.json<{ data: { id: number } }>().data.id;
    const otherId = other.json<{ data: { id: number; tickets: unknown } }>().data.id;
    const [linked] = (await incidents.detail(rs.headers, otherId)).tickets;
    const own = [await ticketAt('rs'), await ticketAt('rs', 'in_progress')];
    const theirs = await ticketAt('oss-bss');
    const ids = [...own.map((ticket) => ticket.ticketId), theirs.ticketId, linked?.ticket_id ?? 0, 999_999_999];
    const data = await outcome(rs.headers, { action: 'incident', ticket_ids: ids, incident_id: incidentId });
    expect(data.done).toEqual(own.map((ticket) => ticket.ticketId));
    // By ascending id: the ticket of the other incident is older than the others.
    expect(data.refused).toEqual([
      {
        ticket_id: linked?.ticket_id,
        message: `Already part of another incident: ticket ${linked?.ticket_id} (incident #${otherId}).`,
        code: 'conflict',
      },
      {
        ticket_id: theirs.ticketId,
        message: `Held by another department: ticket ${theirs.ticketId}. Only its staff or Customer Care can link it to an incident.`,
        code: 'forbidden',
      },
      { ticket_id: 999_999_999, message: 'There is no such ticket: 999999999.', code: 'not_found' },
    ]);
    for (const ticket of own) expect((await storedTicket(ctx.db, ticket.ticketId)).incidentId).toBe(incidentId);
    expect((await storedTicket(ctx.db, theirs.ticketId)).incidentId).toBeNull();
    // One link row per ticket, as single links would write.
    const links = (await auditOf(ctx.db, incidentId)).filter((row) => row.action === 'incident.link');
    expect(links.map((row) => row.details)).toEqual(own.map((ticket) => ({ ticket_ids: [ticket.ticketId], tickets_linked: 1 })));
  });

  it('refuses every ticket of an incident that does not exist, changing nothing', async () => {
    const cc = await person('cc');
    const ticket = await ticketAt('cc');
    expect(await outcome(cc.headers, { action: 'incident', ticket_ids: [ticket.ticketId], incident_id: 999_999 })).toEqual({
      done: [],
      refused: [{ ticket_id: ticket.ticketId, message: 'There is no such incident.', code: 'not_found' }],
    });
  });

  it('answers the refusals in the language of the request', async () => {
    const rs = await person('rs');
    const solved = await ticketAt('rs', 'closed');
    const reply = await bulk({ ...rs.headers, 'accept-language': 'bn' }, { action: 'resolve', ticket_ids: [solved.ticketId] });
    expect(reply.json<BulkActionReply>().data.refused).toEqual([
      { ticket_id: solved.ticketId, message: 'টিকিটটি আগেই সমাধান হয়েছে।', code: 'conflict' },
    ]);
  });

  it('refuses all 200 tickets of other departments to a hostile staff member, and changes nothing', async () => {
    const iptsp = await person('iptsp');
    const holders: Department[] = ['cc', 'rs', 'oss-bss'];
    const victims = [];
    for (let index = 0; index < BULK_MAX_TICKETS; index++) victims.push(await ticketAt(holders[index % 3] ?? 'cc'));
    const ids = victims.map((ticket) => ticket.ticketId);
    const before = await statuses(ids);
    for (const body of [
      { action: 'resolve' },
      { action: 'forward', newly_issued_to: 'iptsp', forward_cause: 'Mine now' },
      { action: 'assign', user_id: iptsp.user.id },
    ]) {
      const data = await outcome(iptsp.headers, { ...body, ticket_ids: ids });
      expect(data.done).toEqual([]);
      expect(data.refused.map((refusal) => refusal.ticket_id)).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(data.refused.map((refusal) => refusal.code))).toEqual(new Set(['forbidden']));
    }
    expect(await statuses(ids)).toEqual(before);
    expect(await auditRows(ids)).toEqual([]);
  }, 60_000);

  it('refuses duplicate ids, more than 200, none, an unknown action or missing fields with 400, changing nothing', async () => {
    const ticket = await ticketAt('cc');
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'resolve', ticket_ids: [ticket.ticketId, ticket.ticketId] }, 'Each ticket may be chosen only once'],
      [{ action: 'resolve', ticket_ids: [ticket.ticketId, String(ticket.ticketId)] }, 'Each ticket may be chosen only once'],
      [
        { action: 'resolve', ticket_ids: Array.from({ length: BULK_MAX_TICKETS + 1 }, (_, index) => index + 1) },
        'Choose at most 200 tickets at a time',
      ],
      [{ action: 'resolve', ticket_ids: [] }, 'Choose at least one ticket'],
      [{ action: 'close', ticket_ids: [ticket.ticketId] }, 'Choose a bulk action'],
      [{ action: 'forward', ticket_ids: [ticket.ticketId], newly_issued_to: 'rs' }, ''],
      [{ action: 'incident', ticket_ids: [ticket.ticketId] }, ''],
    ];
    // A refused request counts against the limit too (it is counted before the body is read): two people ask.
    const askers = [(await person('cc')).headers, (await person('cc')).headers];
    for (const [index, [body, sentence]] of cases.entries()) {
      const reply = await bulk(askers[index % 2] ?? {}, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json<{ code: string }>().code).toBe('validation');
      if (sentence) expect(reply.json<{ message: string }>().message).toContain(sentence);
    }
    expect((await statuses([ticket.ticketId]))[ticket.ticketId]?.status).toBe('open');
  });

  it.each(['customer', 'agent'] as const)('refuses a %s with 403, even for their own ticket', async (userType) => {
    const issuer = await person(userType);
    const own = await buildTicket(ctx.db, issuer.user, { issuedTo: 'cc' });
    const reply = await bulk(issuer.headers, { action: 'resolve', ticket_ids: [own.ticketId] });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ message: 'Only staff can act on many tickets at once.', code: 'forbidden' });
    expect((await statuses([own.ticketId]))[own.ticketId]?.status).toBe('open');
  });

  it(`works through batches of ${BULK_BATCH_SIZE}: a refusal in a batch keeps the rest of it, each ticket is announced once`, async () => {
    const stream = await staffStream();
    const rs = await person('rs');
    const count = BULK_BATCH_SIZE * 2 + 10;
    const all = [];
    for (let index = 0; index < count; index++) all.push(await ticketAt(index % 7 === 3 ? 'cc' : 'rs'));
    const refusedIds = all.filter((ticket) => ticket.issuedTo === 'cc').map((ticket) => ticket.ticketId);
    const doneIds = all.filter((ticket) => ticket.issuedTo === 'rs').map((ticket) => ticket.ticketId);
    // Asked in any order, done by ascending id.
    const asked = all.map((ticket) => ticket.ticketId).reverse();
    const data = await outcome(rs.headers, { action: 'resolve', ticket_ids: asked });
    expect(data.done).toEqual(doneIds);
    expect(data.refused.map((refusal) => refusal.ticket_id)).toEqual(refusedIds);
    const stored = await statuses(asked);
    for (const id of doneIds) expect(stored[id]?.status).toBe('closed');
    for (const id of refusedIds) expect(stored[id]?.status).toBe('open');
    expect((await auditRows(asked, 'ticket.resolve')).map((row) => row.target).sort()).toEqual(
      doneIds.map((id) => `ticket:${id}`).sort(),
    );
    await stream.until((heard) => doneIds.every((id) => changed(heard, id) === 1));
    expect(refusedIds.map((id) => changed(stream, id))).toEqual(refusedIds.map(() => 0));
    // Doing it again refuses each as already solved: nothing is resolved twice.
    const again = await outcome(rs.headers, { action: 'resolve', ticket_ids: doneIds });
    expect(again.done).toEqual([]);
    expect(new Set(again.refused.map((refusal) => refusal.message))).toEqual(new Set(['This ticket is already solved.']));
  }, 60_000);

  it('lets two bulk requests over the same tickets run at once: each ticket is resolved once, by one of them', async () => {
    const [first, second] = [await person('cc'), await person('cc')];
    const all = [];
    for (let index = 0; index < BULK_BATCH_SIZE + 5; index++) all.push(await ticketAt('cc'));
    const ids = all.map((ticket) => ticket.ticketId);
    // Asked in opposite orders: both lock by ascending id, so neither waits on the other in a cycle.
    const [one, other] = await Promise.all([
      outcome(first.headers, { action: 'resolve', ticket_ids: ids }),
      outcome(second.headers, { action: 'resolve', ticket_ids: [...ids].reverse() }),
    ]);
    expect([...one.done, ...other.done].sort((a, b) => a - b)).toEqual(ids);
    expect([...one.refused, ...other.refused].map((refusal) => refusal.message)).toEqual(
      ids.map(() => 'This ticket is already solved.'),
    );
    expect(await auditRows(ids, 'ticket.resolve')).toHaveLength(ids.length);
    for (const ticket of all) expect(await outboxOf(ctx.db, ticket.ticketId)).toHaveLength(1);
  }, 60_000);

  it('lets one person run a few bulk requests a minute, then answers 429', async () => {
    const cc = await person('cc');
    const ticket = await ticketAt('cc', 'closed');
    const replies = [];
    for (let index = 0; index < 7; index++)
      replies.push(await bulk(cc.headers, { action: 'resolve', ticket_ids: [ticket.ticketId] }));
    expect(replies.slice(0, 6).map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(replies[6]?.statusCode).toBe(429);
    expect(replies[6]?.json()).toEqual({
      message: 'You are acting on many tickets too often. Please wait a minute and try again.',
      code: 'rate_limited',
    });
  });
});
