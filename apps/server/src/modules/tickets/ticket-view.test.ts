import { describe, expect, it } from 'vitest';
import type { Ticket, TicketByIdReply } from '@switchboard/shared';
import { comments, forwardEvents } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';

describeWithApp('viewing a ticket', (ctx) => {
  const view = (headers: Record<string, string>, id: number | string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${id}`, headers });
  const ticketOf = (reply: Awaited<ReturnType<typeof view>>): Ticket => {
    const [ticket] = reply.json<TicketByIdReply>().data;
    if (!ticket) throw new Error('no ticket in the reply');
    return ticket;
  };
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  /** A ticket of `issuer` with a public reply and an internal note by staff, and two forwards. */
  async function discussedTicket(issuer: UserRow, staff: UserRow) {
    const ticket = await buildTicket(ctx.db, issuer, { createdAt: minutesAgo(60), issuedTo: 'rs', ticketStatus: 'in_progress' });
    await ctx.db.insert(comments).values([
      {
        ticketId: ticket.ticketId,
        commenterUserId: staff.id,
        commenterName: staff.name,
        commenterUserType: staff.userType,
        message: 'Secret: the line card is broken',
        isInternal: true,
        createdAt: minutesAgo(30),
      },
      {
        ticketId: ticket.ticketId,
        commenterUserId: issuer.id,
        commenterName: issuer.name,
        commenterUserType: issuer.userType,
        message: 'Any news?',
        createdAt: minutesAgo(40),
      },
      {
        ticketId: ticket.ticketId,
        commenterUserId: staff.id,
        commenterName: staff.name,
        commenterUserType: staff.userType,
        message: 'We are on it',
        createdAt: minutesAgo(20),
      },
    ]);
    await ctx.db.insert(forwardEvents).values([
      {
        ticketId: ticket.ticketId,
        previouslyIssuedTo: 'iptsp',
        newlyIssuedTo: 'rs',
        forwardCause: 'Sales question',
        forwardedBy: staff.id,
        forwardedByName: staff.name,
        createdAt: minutesAgo(10),
      },
      {
        ticketId: ticket.ticketId,
        previouslyIssuedTo: 'cc',
        newlyIssuedTo: 'iptsp',
        forwardCause: 'Line fault',
        isInForwardLoop: true,
        forwardedBy: staff.id,
        forwardedByName: staff.name,
        createdAt: minutesAgo(50),
      },
    ]);
    return ticket;
  }

  it('needs a signed-in user', async () => {
    const { user } = await signedInAs(ctx.app, ctx.db);
    const ticket = await buildTicket(ctx.db, user);
    expect((await view({}, ticket.ticketId)).statusCode).toBe(401);
  });

  it('shows staff everything: internal comments, real names, issuer name, forwards oldest first', async () => {
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Sadia Karim' });
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'iptsp', name: 'Farhana Akter' });
    const ticket = await discussedTicket(customer.user, staff.user);
    const reply = await view(staff.headers, ticket.ticketId);
    expect(reply.statusCode).toBe(200);
    const shown = ticketOf(reply);
    expect(shown.issuer_name).toBe('Sadia Karim');
    expect(shown.issued_to).toBe('rs');
    expect(shown.comments_total).toBe(3);
    expect(shown.comments.map((c) => [c.message, c.commenter_name, c.is_internal])).toEqual([
      ['Any news?', 'Sadia Karim', false],
      ['Secret: the line card is broken', 'Farhana Akter', true],
      ['We are on it', 'Farhana Akter', false],
    ]);
    expect(shown.forwarder_history).toEqual([
      expect.objectContaining({
        previously_issued_to: 'cc',
        newly_issued_to: 'iptsp',
        forward_cause: 'Line fault',
        is_in_forward_loop: true,
        forwarded_by_name: 'Farhana Akter',
      }),
      expect.objectContaining({
        previously_issued_to: 'iptsp',
        newly_issued_to: 'rs',
        forward_cause: 'Sales question',
        is_in_forward_loop: false,
      }),
    ]);
  });

  it.each(['customer', 'agent'] as const)(
    "gives a %s's own ticket without internal comments, staff names, the holding department or forwards",
    async (userType) => {
      const issuer = await signedInAs(ctx.app, ctx.db, { userType, name: 'Rafiq Islam' });
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'iptsp', name: 'Farhana Akter' });
      const ticket = await discussedTicket(issuer.user, staff.user);
      const reply = await view(issuer.headers, ticket.ticketId);
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain('Secret');
      expect(reply.body).not.toContain('Farhana');
      expect(reply.body).not.toContain('Line fault');
      const shown = ticketOf(reply);
      expect(shown.comments.map((c) => [c.message, c.commenter_name])).toEqual([
        ['Any news?', 'Rafiq Islam'],
        ['We are on it', 'customer support'],
      ]);
      expect(shown.comments.every((c) => !c.is_internal)).toBe(true);
      expect(shown.forwarder_history).toEqual([]);
      expect(shown).not.toHaveProperty('issuer_name');
      expect(shown).not.toHaveProperty('issued_to');
      expect(shown.comments_total).toBe(2);
    },
  );

  it("refuses a customer another customer's ticket with the same 404 as a missing one", async () => {
    const owner = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const other = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const ticket = await buildTicket(ctx.db, owner.user);
    const refused = await view(other.headers, ticket.ticketId);
    const missing = await view(other.headers, 999_999_999);
    expect(refused.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(refused.json()).toEqual(missing.json());
  });

  it("refuses an agent a customer's ticket and a public one", async () => {
    const agent = await signedInAs(ctx.app, ctx.db, { userType: 'agent' });
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    expect((await view(agent.headers, (await buildTicket(ctx.db, customer.user)).ticketId)).statusCode).toBe(404);
    expect(
      (await view(agent.headers, (await buildTicket(ctx.db, null, { clientEmail: 'a@b.example' })).ticketId)).statusCode,
    ).toBe(404);
  });

  it.each(['cc', 'rs', 'iptsp', 'oss_bss'] as const)('lets %s staff see any ticket', async (userType) => {
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const staff = await signedInAs(ctx.app, ctx.db, { userType });
    const ticket = await buildTicket(ctx.db, customer.user, { issuedTo: 'oss-bss' });
    expect((await view(staff.headers, ticket.ticketId)).statusCode).toBe(200);
  });

  it('shows a public ticket to staff with its e-mail and no issuer', async () => {
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const ticket = await buildTicket(ctx.db, null, { clientEmail: 'client@example.com' });
    const shown = ticketOf(await view(staff.headers, ticket.ticketId));
    expect(shown).toMatchObject({ client_email: 'client@example.com', issuer_number: null, issuer_name: null });
  });

  describe('refuses an id that is not a ticket number', () => {
    it.each(['abc', '0', '-1', '1.5'])('%j', async (id) => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const reply = await view(headers, id);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', details: { id: expect.any(String) } });
    });
  });
});
