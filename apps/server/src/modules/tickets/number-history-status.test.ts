import { asc, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { NumberHistory, NumberHistoryEvent, NumberHistoryReply } from '@switchboard/shared';
import { ticketStatusEvents } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket, randomProblematicNumber } from '../../../test/ticket-factories.ts';
import { workflowCalls, type Headers } from '../forwarding/forwarding.test-support.ts';
import { incidentCalls } from '../incidents/incidents.test-support.ts';

type Person = { user: UserRow; headers: Headers };

/** The resolves and reopens of a timeline, oldest first, without their instants. */
const movesOf = (events: NumberHistoryEvent[]) =>
  [...events]
    .reverse()
    .filter((event) => event.kind === 'resolved' || event.kind === 'reopened')
    .map(({ kind, ticket_id, by_name }) => ({ kind, ticket_id, by_name }));

describeWithApp("resolves and reopens in a number's history", (ctx) => {
  const people: Record<'cc' | 'iptsp' | 'customer', Person> = {} as never;

  const historyOf = async (person: Person, number: string): Promise<NumberHistory> => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/number-history/${number}`,
      headers: person.headers,
    });
    if (reply.statusCode !== 200) throw new Error(`number-history answered ${reply.statusCode}: ${reply.body}`);
    return reply.json<NumberHistoryReply>().data;
  };
  const expectOk = (reply: { statusCode: number; body: string }) => {
    if (reply.statusCode >= 300) throw new Error(`answered ${reply.statusCode}: ${reply.body}`);
  };
  const reply = async (person: Person, ticketId: number, message: string) =>
    expectOk(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/add-comment',
        headers: person.headers,
        payload: { ticket_id: ticketId, message, is_internal: false },
      }),
    );
  const storedMoves = async (ticketIds: number[]) =>
    (
      await ctx.db
        .select()
        .from(ticketStatusEvents)
        .where(inArray(ticketStatusEvents.ticketId, ticketIds))
        .orderBy(asc(ticketStatusEvents.ticketId), asc(ticketStatusEvents.createdAt))
    ).map((row) => ({ ticketId: row.ticketId, from: row.fromStatus, to: row.toStatus, by: row.byUserId, name: row.byName }));

  beforeAll(async () => {
    people.cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc', name: 'Rahim (cc)' });
    people.iptsp = await signedInAs(ctx.app, ctx.db, { userType: 'iptsp', name: 'Karim (iptsp)' });
    people.customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Nadia' });
  });

  it('shows both resolves and the reopen between them, in order, with the counts of the moment', async () => {
    const { resolve } = workflowCalls(ctx.app);
    const number = randomProblematicNumber();
    const ticket = await buildTicket(ctx.db, people.customer.user, { problematicNumber: number });
    expectOk(await resolve(people.cc.headers, ticket.ticketId));
    expect(await historyOf(people.cc, number)).toMatchObject({ open_count: 0, total_count: 1 });
    await reply(people.customer, ticket.ticketId, 'It is down again');
    expect(await historyOf(people.cc, number)).toMatchObject({ open_count: 1, total_count: 1 });
    expectOk(await resolve(people.cc.headers, ticket.ticketId));

    const staff = await historyOf(people.cc, number);
    expect({ open: staff.open_count, total: staff.total_count }).toEqual({ open: 0, total: 1 });
    expect(movesOf(staff.timeline)).toEqual([
      { kind: 'resolved', ticket_id: ticket.ticketId, by_name: 'Rahim (cc)' },
      { kind: 'reopened', ticket_id: ticket.ticketId, by_name: 'Nadia' },
      { kind: 'resolved', ticket_id: ticket.ticketId, by_name: 'Rahim (cc)' },
    ]);
    const customer = await historyOf(people.customer, number);
    expect(movesOf(customer.timeline)).toEqual([
      { kind: 'resolved', ticket_id: ticket.ticketId, by_name: 'customer support' },
      { kind: 'reopened', ticket_id: ticket.ticketId, by_name: 'Nadia' },
      { kind: 'resolved', ticket_id: ticket.ticketId, by_name: 'customer support' },
    ]);
    expect(await storedMoves([ticket.ticketId])).toEqual([
      { ticketId: ticket.ticketId, from: 'open', to: 'closed', by: people.cc.user.id, name: 'Rahim (cc)' },
      { ticketId: ticket.ticketId, from: 'closed', to: 'open', by: people.customer.user.id, name: 'Nadia' },
      { ticketId: ticket.ticketId, from: 'open', to: 'closed', by: people.cc.user.id, name: 'Rahim (cc)' },
    ]);
  });

  it('writes nothing for comments that do not open or close a ticket', async () => {
    const number = randomProblematicNumber();
    const ticket = await buildTicket(ctx.db, people.customer.user, { problematicNumber: number });
    // The first staff reply moves open → in_progress: not a resolve or a reopen.
    await reply(people.cc, ticket.ticketId, 'Looking into it');
    await reply(people.customer, ticket.ticketId, 'Thanks');
    expect(await storedMoves([ticket.ticketId])).toEqual([]);
    expect(movesOf((await historyOf(people.cc, number)).timeline)).toEqual([]);
  });

  it("records an incident's resolve of each of its unsolved tickets, from the status each had", async () => {
    const number = randomProblematicNumber();
    // Held by iptsp: its staff may link and resolve them (DESIGN.md §14).
    const held = { problematicNumber: number, issuedTo: 'iptsp' as const };
    const open = await buildTicket(ctx.db, people.customer.user, { ...held, ticketStatus: 'open' });
    const started = await buildTicket(ctx.db, people.customer.user, { ...held, ticketStatus: 'in_progress' });
    const solved = await buildTicket(ctx.db, people.customer.user, { ...held, ticketStatus: 'closed' });
    const ids = [open.ticketId, started.ticketId, solved.ticketId];
    const created = await incidentCalls(ctx.app).create(people.iptsp.headers, { title: 'Fibre cut', ticket_ids: ids });
    expect(created.statusCode, created.body).toBe(201);
    const incidentId = created.json<{ data: { id: number } }>().data.id;
    expectOk(await incidentCalls(ctx.app).resolve(people.iptsp.headers, incidentId));

    expect(await storedMoves(ids)).toEqual([
      { ticketId: open.ticketId, from: 'open', to: 'closed', by: people.iptsp.user.id, name: 'Karim (iptsp)' },
      { ticketId: started.ticketId, from: 'in_progress', to: 'closed', by: people.iptsp.user.id, name: 'Karim (iptsp)' },
    ]);
    const seen = await historyOf(people.cc, number);
    expect(seen.open_count).toBe(0);
    expect(movesOf(seen.timeline).sort((a, b) => a.ticket_id - b.ticket_id)).toEqual([
      { kind: 'resolved', ticket_id: open.ticketId, by_name: 'Karim (iptsp)' },
      { kind: 'resolved', ticket_id: started.ticketId, by_name: 'Karim (iptsp)' },
    ]);
    // The resolution message and the resolve share their instant; the message is told first.
    const ofOpen = seen.timeline.filter((event) => event.ticket_id === open.ticketId).map((event) => event.kind);
    expect(ofOpen).toEqual(['resolved', 'commented', 'created']);
  });
});
