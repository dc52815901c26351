/**
 * The issuer's rating as staff read it (DESIGN.md §25): on the ticket view, as each list row's
 * score and as the list's `rating=low|any` filter. Customers and agents never receive it.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Ticket, TicketByIdReply, TicketListReply, UserType } from '@switchboard/shared';
import { ticketRatings } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';

type Headers = Record<string, string>;

describeWithApp('ratings on the ticket view and list', (ctx) => {
  const people: Partial<Record<'staff' | 'rs' | 'customer' | 'agent', { headers: Headers }>> = {};
  const ids = { low: 0, great: 0, unrated: 0, agents: 0 };
  const ratedAt = new Date('2026-11-20T08:30:00.000Z');

  const headersOf = (who: keyof typeof people): Headers => {
    const person = people[who];
    if (!person) throw new Error(`${who} is not signed in`);
    return person.headers;
  };
  const view = async (who: keyof typeof people, id: number): Promise<Ticket> => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${id}`, headers: headersOf(who) });
    expect(reply.statusCode, reply.body).toBe(200);
    const [ticket] = reply.json<TicketByIdReply>().data;
    if (!ticket) throw new Error('no ticket in the reply');
    return ticket;
  };
  const list = async (who: keyof typeof people, query: Record<string, string> = {}) => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/user-type-wise-tickets/1?${new URLSearchParams(query).toString()}`,
      headers: headersOf(who),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<TicketListReply>();
  };

  beforeAll(async () => {
    const person = (userType: UserType) => signedInAs(ctx.app, ctx.db, { userType });
    const [staff, rs, customer, agent] = await Promise.all([person('cc'), person('rs'), person('customer'), person('agent')]);
    Object.assign(people, { staff, rs, customer, agent });
    const solved = { ticketStatus: 'closed' as const };
    const low = await buildTicket(ctx.db, customer.user, { ...solved, issuedTo: 'rs' });
    const great = await buildTicket(ctx.db, customer.user, solved);
    const unrated = await buildTicket(ctx.db, customer.user, solved);
    const agents = await buildTicket(ctx.db, agent.user, { ...solved, issuerUserType: 'agent' });
    Object.assign(ids, { low: low.ticketId, great: great.ticketId, unrated: unrated.ticketId, agents: agents.ticketId });
    await ctx.db.insert(ticketRatings).values([
      { ticketId: low.ticketId, score: 2, channel: 'sms', comment: 'Took four days', department: 'rs', ratedAt },
      { ticketId: great.ticketId, score: 5, channel: 'email', department: 'cc', ratedAt },
      { ticketId: agents.ticketId, score: 1, channel: 'sms', department: 'cc', ratedAt },
    ]);
  });

  it('shows staff the score, channel, comment and time of a rating on the view', async () => {
    expect((await view('staff', ids.low)).rating).toEqual({
      score: 2,
      channel: 'sms',
      comment: 'Took four days',
      rated_at: ratedAt.toISOString(),
    });
    expect((await view('rs', ids.great)).rating).toEqual({
      score: 5,
      channel: 'email',
      comment: null,
      rated_at: ratedAt.toISOString(),
    });
  });

  it('gives staff a null rating for a ticket nobody rated', async () => {
    const ticket = await view('staff', ids.unrated);
    expect(ticket).toHaveProperty('rating', null);
  });

  it('never sends the rating to the customer or the agent who gave it', async () => {
    expect(await view('customer', ids.low)).not.toHaveProperty('rating');
    expect(await view('agent', ids.agents)).not.toHaveProperty('rating');
  });

  it("gives staff each row's score on the list, null when not rated", async () => {
    const rows = (await list('staff')).data;
    const scoreOf = (id: number) => rows.find((row) => row.ticket_id === id)?.rating;
    expect([scoreOf(ids.low), scoreOf(ids.great), scoreOf(ids.agents), scoreOf(ids.unrated)]).toEqual([2, 5, 1, null]);
  });

  it('filters the list to the low ratings or to every rated ticket for staff', async () => {
    const low = await list('staff', { rating: 'low' });
    expect(low.data.map((row) => row.ticket_id).sort()).toEqual([ids.low, ids.agents].sort());
    expect(low.total_tickets).toBe(2);
    const rated = await list('staff', { rating: 'any' });
    expect(rated.data.map((row) => row.ticket_id).sort()).toEqual([ids.low, ids.great, ids.agents].sort());
    const lowOfRs = await list('staff', { rating: 'low', issued_to: 'rs' });
    expect(lowOfRs.data.map((row) => row.ticket_id)).toEqual([ids.low]);
  });

  it('ignores the filter for customers and agents and sends them no score', async () => {
    const customers = await list('customer', { rating: 'low' });
    expect(customers.data.map((row) => row.ticket_id).sort()).toEqual([ids.low, ids.great, ids.unrated].sort());
    for (const row of customers.data) expect(row).not.toHaveProperty('rating');
    const agents = await list('agent', { rating: 'any' });
    expect(agents.data.map((row) => row.ticket_id)).toEqual([ids.agents]);
    expect(agents.data[0]).not.toHaveProperty('rating');
  });

  it('refuses a rating filter it does not know', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tickets/user-type-wise-tickets/1?rating=high',
      headers: headersOf('staff'),
    });
    expect(reply.statusCode).toBe(400);
  });
});
