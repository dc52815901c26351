import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PresenceReply, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { ticketPresence } from '../../db/schema.ts';
import { WRITES_PER_MINUTE } from '../../plugins/write-limits.ts';
import { listen, openEventStream, type EventStream } from '../events/events.test-support.ts';

type Headers = Record<string, string>;

describeWithApp('who else is on a ticket (DESIGN.md §27)', (ctx) => {
  const person = (userType: UserType, name?: string) => signedInAs(ctx.app, ctx.db, { userType, name });
  const freshTicket = async () => {
    const issuer = await person('customer');
    return { ticket: await buildTicket(ctx.db, issuer.user), issuer };
  };
  const say = (headers: Headers, ticketId: number | string, body: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/tickets/${ticketId}/presence`, headers, payload: body as object });
  const read = (headers: Headers, ticketId: number | string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/${ticketId}/presence`, headers });
  const others = async (headers: Headers, ticketId: number, state = 'viewing') => {
    const reply = await say(headers, ticketId, { state });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<PresenceReply>().data;
  };
  /** Moves a person's row on the ticket back in time, as if their view had fallen silent. */
  const age = (ticketId: number, userId: string, seconds: number) =>
    ctx.db
      .update(ticketPresence)
      .set({ seenAt: sql`now() - ${seconds} * interval '1 second'` })
      .where(and(eq(ticketPresence.ticketId, ticketId), eq(ticketPresence.userId, userId)));
  const rowsOf = (ticketId: number) => ctx.db.select().from(ticketPresence).where(eq(ticketPresence.ticketId, ticketId));

  let baseUrl = '';
  const streams: EventStream[] = [];
  beforeAll(async () => {
    baseUrl = await listen(ctx.app);
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });
  const streamOf = async (token: string) => {
    const stream = await openEventStream(baseUrl, token);
    streams.push(stream);
    await stream.until((open) => open.comments.includes('ready'));
    return stream;
  };
  const presenceEvents = (stream: EventStream, ticketId: number) =>
    stream.events.filter((event) => event.event === 'ticket.presence' && event.data.ticket_id === ticketId);
  /** Events are delivered after the commit, through the listener: a moment to be sure none came. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it('refuses customers and agents with 403, strangers with 401, before anything is written', async () => {
    const { ticket, issuer } = await freshTicket();
    const agent = await person('agent');
    for (const headers of [issuer.headers, agent.headers]) {
      const post = await say(headers, ticket.ticketId, { state: 'viewing' });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toEqual({ message: 'Only staff see who else is on a ticket.', code: 'forbidden' });
      expect((await read(headers, ticket.ticketId)).statusCode).toBe(403);
    }
    expect((await say({}, ticket.ticketId, { state: 'viewing' })).statusCode).toBe(401);
    expect(await rowsOf(ticket.ticketId)).toEqual([]);
  });

  it('answers 404 for a ticket that does not exist and 400 for a bad state or id', async () => {
    const cc = await person('cc');
    const missing = await say(cc.headers, 999_999_999, { state: 'viewing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
    expect((await read(cc.headers, 999_999_999)).statusCode).toBe(404);
    const { ticket } = await freshTicket();
    for (const body of [{ state: 'typing' }, {}, { state: 3 }]) {
      const bad = await say(cc.headers, ticket.ticketId, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation' });
    }
    expect((await say(cc.headers, 'abc', { state: 'viewing' })).statusCode).toBe(400);
    expect(await rowsOf(ticket.ticketId)).toEqual([]);
  });

  it('lists the others on the ticket, never the asker, replying ones first and then by name', async () => {
    const { ticket } = await freshTicket();
    const rahim = await person('cc', 'Rahim');
    const karim = await person('rs', 'Karim');
    const anika = await person('iptsp', 'Anika');
    expect(await others(rahim.headers, ticket.ticketId)).toEqual([]);
    expect(await others(karim.headers, ticket.ticketId, 'replying')).toEqual([
      { user_id: rahim.user.id, name: 'Rahim', state: 'viewing' },
    ]);
    expect(await others(anika.headers, ticket.ticketId)).toEqual([
      { user_id: karim.user.id, name: 'Karim', state: 'replying' },
      { user_id: rahim.user.id, name: 'Rahim', state: 'viewing' },
    ]);
    const listed = await read(rahim.headers, ticket.ticketId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      data: [
        { user_id: karim.user.id, name: 'Karim', state: 'replying' },
        { user_id: anika.user.id, name: 'Anika', state: 'viewing' },
      ],
    });
    // Gone: the row goes at once.
    expect(await others(karim.headers, ticket.ticketId, 'gone')).toEqual([
      { user_id: anika.user.id, name: 'Anika', state: 'viewing' },
      { user_id: rahim.user.id, name: 'Rahim', state: 'viewing' },
    ]);
    expect((await read(rahim.headers, ticket.ticketId)).json<PresenceReply>().data.map((p) => p.name)).toEqual(['Anika']);
  });

  it('speaks only for the caller: a user id in the body is ignored', async () => {
    const { ticket } = await freshTicket();
    const rahim = await person('cc', 'Rahim');
    const karim = await person('cc', 'Karim');
    const reply = await say(rahim.headers, ticket.ticketId, { state: 'replying', user_id: karim.user.id, name: 'Karim' });
    expect(reply.statusCode).toBe(200);
    const rows = await rowsOf(ticket.ticketId);
    expect(rows.map((row) => [row.userId, row.state])).toEqual([[rahim.user.id, 'replying']]);
    expect((await read(karim.headers, ticket.ticketId)).json()).toEqual({
      data: [{ user_id: rahim.user.id, name: 'Rahim', state: 'replying' }],
    });
    // Nor can one send another away.
    await say(rahim.headers, ticket.ticketId, { state: 'gone', user_id: karim.user.id });
    await others(karim.headers, ticket.ticketId);
    await say(rahim.headers, ticket.ticketId, { state: 'gone', user_id: karim.user.id });
    expect((await rowsOf(ticket.ticketId)).map((row) => row.userId)).toEqual([karim.user.id]);
  });

  it('forgets a view not heard of for 45 s: not listed, and removed by the next writer', async () => {
    const { ticket } = await freshTicket();
    const rahim = await person('cc', 'Rahim');
    const karim = await person('cc', 'Karim');
    await others(rahim.headers, ticket.ticketId);
    await age(ticket.ticketId, rahim.user.id, 40);
    expect((await read(karim.headers, ticket.ticketId)).json<PresenceReply>().data.map((p) => p.name)).toEqual(['Rahim']);
    await age(ticket.ticketId, rahim.user.id, 46);
    expect((await read(karim.headers, ticket.ticketId)).json()).toEqual({ data: [] });
    // A reader leaves the row; the next writer on the ticket removes it.
    expect(await rowsOf(ticket.ticketId)).toHaveLength(1);
    expect(await others(karim.headers, ticket.ticketId)).toEqual([]);
    expect((await rowsOf(ticket.ticketId)).map((row) => row.userId)).toEqual([karim.user.id]);
  });

  it('tells the staff on the ticket when somebody comes, changes state or goes, and nobody of a heartbeat that changes nothing', async () => {
    const { ticket, issuer } = await freshTicket();
    const rahim = await person('cc', 'Rahim');
    const karim = await person('rs', 'Karim');
    const elsewhere = await person('cc', 'Somewhere else');
    const agent = await person('agent');
    const watching = await streamOf(karim.token);
    const elsewhereStream = await streamOf(elsewhere.token);
    const issuerStream = await streamOf(issuer.token);
    const agentStream = await streamOf(agent.token);
    const heard = () => presenceEvents(watching, ticket.ticketId).length;
    expect(await others(karim.headers, ticket.ticketId)).toEqual([]);

    await others(rahim.headers, ticket.ticketId);
    await watching.until(() => heard() === 1);
    expect(presenceEvents(watching, ticket.ticketId)).toEqual([
      { event: 'ticket.presence', data: { ticket_id: ticket.ticketId } },
    ]);

    // Heartbeats that change nothing publish nothing.
    await others(rahim.headers, ticket.ticketId);
    await others(karim.headers, ticket.ticketId);
    await others(rahim.headers, ticket.ticketId);
    await settle();
    expect(heard()).toBe(1);

    await others(rahim.headers, ticket.ticketId, 'replying');
    await watching.until(() => heard() === 2);
    await others(rahim.headers, ticket.ticketId, 'replying');
    await settle();
    expect(heard()).toBe(2);

    await others(rahim.headers, ticket.ticketId, 'gone');
    await watching.until(() => heard() === 3);
    // Gone twice, or gone without having come: nobody saw anything change.
    await others(rahim.headers, ticket.ticketId, 'gone');
    await settle();
    expect(heard()).toBe(3);

    // A view that fell silent and comes back is new to the others.
    await others(rahim.headers, ticket.ticketId);
    await watching.until(() => heard() === 4);
    await age(ticket.ticketId, rahim.user.id, 50);
    await others(rahim.headers, ticket.ticketId);
    await watching.until(() => heard() === 5);

    // Staff elsewhere, the ticket's issuer and an agent hear none of it.
    await settle();
    expect(presenceEvents(elsewhereStream, ticket.ticketId)).toEqual([]);
    expect(presenceEvents(issuerStream, ticket.ticketId)).toEqual([]);
    expect(presenceEvents(agentStream, ticket.ticketId)).toEqual([]);
  });

  it('publishes nothing when nobody else is on the ticket to hear it', async () => {
    const { ticket } = await freshTicket();
    const rahim = await person('cc', 'Rahim');
    const karim = await person('cc', 'Karim');
    const karimStream = await streamOf(karim.token);
    await others(rahim.headers, ticket.ticketId, 'replying');
    await others(rahim.headers, ticket.ticketId, 'gone');
    // Karim comes after: Rahim's comings and goings before were told to nobody.
    await others(karim.headers, ticket.ticketId);
    await others(rahim.headers, ticket.ticketId);
    await karimStream.until(() => presenceEvents(karimStream, ticket.ticketId).length === 1);
    await settle();
    expect(presenceEvents(karimStream, ticket.ticketId)).toHaveLength(1);
  });

  it('limits each person to a budget sized for heartbeats from a few tabs', async () => {
    const { ticket } = await freshTicket();
    const rahim = await person('cc', 'Rahim');
    const budget = WRITES_PER_MINUTE.presence.staff;
    expect(budget).toBeGreaterThanOrEqual(12);
    for (let i = 0; i < budget; i++)
      expect((await say(rahim.headers, ticket.ticketId, { state: 'viewing' })).statusCode).toBe(200);
    const refused = await say(rahim.headers, ticket.ticketId, { state: 'replying' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await rowsOf(ticket.ticketId)).map((row) => row.state)).toEqual(['viewing']);
    // Another person has a budget of their own, and reading is not counted.
    const karim = await person('cc', 'Karim');
    expect((await say(karim.headers, ticket.ticketId, { state: 'viewing' })).statusCode).toBe(200);
    expect((await read(rahim.headers, ticket.ticketId)).statusCode).toBe(200);
  });
});
