import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Ticket, TicketByIdReply, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { comments } from '../../db/schema.ts';

type Headers = Record<string, string>;

const REPLIED_MEANWHILE =
  'Somebody else wrote on this ticket after you opened it. Read their comment; your text is kept, send it again if it still fits.';

describeWithApp('a reply after somebody else replied meanwhile (DESIGN.md §27)', (ctx) => {
  const person = (userType: UserType) => signedInAs(ctx.app, ctx.db, { userType });
  const comment = (headers: Headers, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/add-comment', headers, payload });
  const written = async (headers: Headers, payload: object) => {
    const reply = await comment(headers, payload);
    expect(reply.statusCode, reply.body).toBe(201);
  };
  const view = async (headers: Headers, ticketId: number): Promise<Ticket> => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`, headers });
    expect(reply.statusCode, reply.body).toBe(200);
    const [ticket] = reply.json<TicketByIdReply>().data;
    if (!ticket) throw new Error('no ticket in the reply');
    return ticket;
  };
  /** What a form sends: the newest comment the viewer was shown, or the ticket's own time. */
  const seenUntil = async (headers: Headers, ticketId: number) => {
    const ticket = await view(headers, ticketId);
    return ticket.comments.at(-1)?.created_at ?? ticket.created_at;
  };
  const messagesOn = async (ticketId: number) =>
    (await ctx.db.select({ message: comments.message }).from(comments).where(eq(comments.ticketId, ticketId))).map(
      (row) => row.message,
    );
  const setUp = async () => {
    const customer = await person('customer');
    const ticket = await buildTicket(ctx.db, customer.user);
    return { customer, ticketId: ticket.ticketId, a: await person('cc'), b: await person('rs') };
  };

  it("refuses staff A's reply with 409 and writes nothing when B replied after what A saw; the newer time sends it", async () => {
    const { ticketId, a, b } = await setUp();
    const seenByA = await seenUntil(a.headers, ticketId);
    await written(b.headers, { ticket_id: ticketId, message: 'B answers first' });

    const refused = await comment(a.headers, { ticket_id: ticketId, message: 'A answers too', seen_until: seenByA });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: REPLIED_MEANWHILE, code: 'conflict' });
    expect(await messagesOn(ticketId)).toEqual(['B answers first']);

    // A reads B's reply and sends anyway, with the time of what A now saw.
    const seenNow = await seenUntil(a.headers, ticketId);
    await written(a.headers, { ticket_id: ticketId, message: 'A answers too', seen_until: seenNow });
    expect(await messagesOn(ticketId)).toEqual(['B answers first', 'A answers too']);
  });

  it('checks nothing without seen_until: API clients, SMS and e-mail write as before', async () => {
    const { ticketId, a, b } = await setUp();
    await written(b.headers, { ticket_id: ticketId, message: 'B answers' });
    await written(a.headers, { ticket_id: ticketId, message: 'A answers' });
    expect(await messagesOn(ticketId)).toHaveLength(2);
  });

  it("never collides with the writer's own comments", async () => {
    const { ticketId, a } = await setUp();
    const seen = await seenUntil(a.headers, ticketId);
    await written(a.headers, { ticket_id: ticketId, message: 'First' });
    await written(a.headers, { ticket_id: ticketId, message: 'Second', seen_until: seen });
  });

  it('lets an internal note by B collide for staff, but not for the customer who cannot see it', async () => {
    const { customer, ticketId, a, b } = await setUp();
    const seenByA = await seenUntil(a.headers, ticketId);
    const seenByCustomer = await seenUntil(customer.headers, ticketId);
    await written(b.headers, { ticket_id: ticketId, message: 'Note for staff', is_internal: true });

    expect((await comment(a.headers, { ticket_id: ticketId, message: 'Staff reply', seen_until: seenByA })).statusCode).toBe(409);
    await written(customer.headers, { ticket_id: ticketId, message: 'Any news?', seen_until: seenByCustomer });
  });

  it("refuses the customer's message when staff replied after what the customer saw", async () => {
    const { customer, ticketId, a } = await setUp();
    const seen = await seenUntil(customer.headers, ticketId);
    await written(a.headers, { ticket_id: ticketId, message: 'We are on it' });
    const refused = await comment(customer.headers, { ticket_id: ticketId, message: 'Hello?', seen_until: seen });
    expect(refused.statusCode).toBe(409);
    expect(await messagesOn(ticketId)).toEqual(['We are on it']);
  });

  it('lets exactly one of two replies sent at once through when both saw the same comments', async () => {
    const { ticketId, a, b } = await setUp();
    const seen = await seenUntil(a.headers, ticketId);
    const replies = await Promise.all([
      comment(a.headers, { ticket_id: ticketId, message: 'From A', seen_until: seen }),
      comment(b.headers, { ticket_id: ticketId, message: 'From B', seen_until: seen }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    expect(await messagesOn(ticketId)).toHaveLength(1);
  });

  it('refuses a seen_until that is not an ISO date and time with 400', async () => {
    const { ticketId, a } = await setUp();
    const bad = await comment(a.headers, { ticket_id: ticketId, message: 'Hi', seen_until: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation' });
    expect(await messagesOn(ticketId)).toEqual([]);
  });
});
