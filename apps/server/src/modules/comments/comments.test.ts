import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, type TicketByIdReply } from '@switchboard/shared';
import { auditLog, comments, tickets, uploads } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket, uploadImage } from '../../../test/ticket-factories.ts';

describeWithApp('comments on tickets', (ctx) => {
  const comment = (headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/add-comment', headers, payload });
  const commentsOf = (ticketId: number) => ctx.db.select().from(comments).where(eq(comments.ticketId, ticketId));
  const ticketRow = async (ticketId: number) => (await ctx.db.select().from(tickets).where(eq(tickets.ticketId, ticketId)))[0];

  it('needs a signed-in user', async () => {
    const { user } = await signedInAs(ctx.app, ctx.db);
    const ticket = await buildTicket(ctx.db, user);
    expect((await comment({}, { ticket_id: ticket.ticketId, message: 'Hello' })).statusCode).toBe(401);
  });

  it('answers in Bangla when asked in Bangla', async () => {
    const { user, headers } = await signedInAs(ctx.app, ctx.db);
    const inBangla = { ...headers, 'accept-language': 'bn' };
    const ticket = await buildTicket(ctx.db, user);
    const long = await comment(inBangla, { ticket_id: ticket.ticketId, message: 'x'.repeat(COMMENT_MAX_LENGTH + 1) });
    expect(long.json()).toMatchObject({ details: { message: `একটি কমেন্ট সর্বোচ্চ ${COMMENT_MAX_LENGTH} অক্ষরের হতে পারে` } });
    const added = await comment(inBangla, { ticket_id: ticket.ticketId, message: 'ধন্যবাদ' });
    expect(added.json()).toEqual({ message: 'নতুন কমেন্ট যোগ হয়েছে' });
  });

  it('adds a comment of the issuer, trimmed with \\n line breaks', async () => {
    const { user, headers } = await signedInAs(ctx.app, ctx.db, { name: 'Sadia Karim' });
    const ticket = await buildTicket(ctx.db, user);
    const reply = await comment(headers, {
      ticket_id: ticket.ticketId,
      message: '  First line\r\nSecond line\rThird  \n',
      is_internal: false,
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ message: 'Successfully added new comment' });
    const [stored] = await commentsOf(ticket.ticketId);
    expect(stored).toMatchObject({
      message: 'First line\nSecond line\nThird',
      commenterName: 'Sadia Karim',
      commenterUserId: user.id,
      isInternal: false,
    });
  });

  it('keeps Bangla text exactly', async () => {
    const { user, headers } = await signedInAs(ctx.app, ctx.db);
    const ticket = await buildTicket(ctx.db, user);
    const message = 'আমার ইন্টারনেট এখনও ধীর।\nধন্যবাদ।';
    expect((await comment(headers, { ticket_id: ticket.ticketId, message })).statusCode).toBe(201);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticket.ticketId}`, headers });
    expect(view.json<TicketByIdReply>().data[0]?.comments.map((c) => c.message)).toEqual([message]);
  });

  it.each([
    ['a blank message', { message: ' \r\n\t ' }, 'message'],
    ['no message', { message: undefined }, 'message'],
    ['a message that is too long', { message: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }, 'message'],
    ['a ticket id that is not a number', { ticket_id: 'abc' }, 'ticket_id'],
    ['an internal flag that is not a boolean', { is_internal: 'yes' }, 'is_internal'],
  ])('refuses %s with a field message and stores nothing', async (_case, fields, field) => {
    const { user, headers } = await signedInAs(ctx.app, ctx.db);
    const ticket = await buildTicket(ctx.db, user);
    const reply = await comment(headers, { ticket_id: ticket.ticketId, message: 'Hello', ...fields });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'validation', details: { [field]: expect.any(String) } });
    expect(await commentsOf(ticket.ticketId)).toEqual([]);
  });

  it('accepts a message of exactly the maximum length', async () => {
    const { user, headers } = await signedInAs(ctx.app, ctx.db);
    const ticket = await buildTicket(ctx.db, user);
    expect((await comment(headers, { ticket_id: ticket.ticketId, message: 'x'.repeat(COMMENT_MAX_LENGTH) })).statusCode).toBe(
      201,
    );
  });

  it("refuses a comment on somebody else's ticket with 404", async () => {
    const owner = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const agent = await signedInAs(ctx.app, ctx.db, { userType: 'agent' });
    const ticket = await buildTicket(ctx.db, owner.user);
    for (const { headers } of [customer, agent]) {
      const reply = await comment(headers, { ticket_id: ticket.ticketId, message: 'Let me in' });
      expect(reply.statusCode).toBe(404);
    }
    expect((await comment(customer.headers, { ticket_id: 999_999_999, message: 'Hello' })).statusCode).toBe(404);
    expect(await commentsOf(ticket.ticketId)).toEqual([]);
  });

  it.each(['customer', 'agent'] as const)('stores a %s comment as external even when it says internal', async (userType) => {
    const { user, headers } = await signedInAs(ctx.app, ctx.db, { userType });
    const ticket = await buildTicket(ctx.db, user);
    expect((await comment(headers, { ticket_id: ticket.ticketId, message: 'Psst', is_internal: true })).statusCode).toBe(201);
    expect((await commentsOf(ticket.ticketId))[0]?.isInternal).toBe(false);
  });

  it('lets staff write internal comments on any ticket', async () => {
    const customer = await signedInAs(ctx.app, ctx.db);
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
    const ticket = await buildTicket(ctx.db, customer.user, { issuedTo: 'iptsp' });
    expect(
      (await comment(staff.headers, { ticket_id: ticket.ticketId, message: 'Note to self', is_internal: true })).statusCode,
    ).toBe(201);
    expect((await commentsOf(ticket.ticketId))[0]).toMatchObject({ isInternal: true, commenterUserType: 'rs' });
  });

  describe('status transitions', () => {
    it('moves an open ticket to in_progress at the first staff reply', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const ticket = await buildTicket(ctx.db, customer.user);
      await comment(customer.headers, { ticket_id: ticket.ticketId, message: 'Hello?' });
      expect((await ticketRow(ticket.ticketId))?.ticketStatus).toBe('open');
      await comment(staff.headers, { ticket_id: ticket.ticketId, message: 'Looking into it' });
      expect((await ticketRow(ticket.ticketId))?.ticketStatus).toBe('in_progress');
      // The trail says which comment moved it, and where.
      const trail = await ctx.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'comment.create'), eq(auditLog.target, `ticket:${ticket.ticketId}`)))
        .orderBy(auditLog.at);
      expect(trail.map((row) => (row.details as { moved_to: unknown }).moved_to)).toEqual([null, 'in_progress']);
    });

    it('counts an internal staff note as the start of work too', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'iptsp' });
      const ticket = await buildTicket(ctx.db, customer.user);
      await comment(staff.headers, { ticket_id: ticket.ticketId, message: 'Checking the line', is_internal: true });
      expect((await ticketRow(ticket.ticketId))?.ticketStatus).toBe('in_progress');
    });

    it('leaves an open ticket open when staff comment on a ticket they issued themselves', async () => {
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const ticket = await buildTicket(ctx.db, staff.user, { issuerUserType: 'customer' });
      await comment(staff.headers, { ticket_id: ticket.ticketId, message: 'More details from the caller' });
      expect((await ticketRow(ticket.ticketId))?.ticketStatus).toBe('open');
    });

    it('reopens a closed ticket when the issuer replies, clearing resolved_at', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const ticket = await buildTicket(ctx.db, customer.user, { ticketStatus: 'closed' });
      expect((await ticketRow(ticket.ticketId))?.resolvedAt).toBeInstanceOf(Date);
      await comment(customer.headers, { ticket_id: ticket.ticketId, message: 'Still broken' });
      expect(await ticketRow(ticket.ticketId)).toMatchObject({
        ticketStatus: 'open',
        resolvedAt: null,
        reopenedAt: expect.any(Date),
      });
    });

    it('keeps a closed ticket closed when staff comment on it', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const ticket = await buildTicket(ctx.db, customer.user, { ticketStatus: 'closed' });
      await comment(staff.headers, { ticket_id: ticket.ticketId, message: 'For the record' });
      expect((await ticketRow(ticket.ticketId))?.ticketStatus).toBe('closed');
    });

    it('leaves in_progress alone for further replies from either side', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const ticket = await buildTicket(ctx.db, customer.user, { ticketStatus: 'in_progress' });
      await comment(customer.headers, { ticket_id: ticket.ticketId, message: 'Thanks' });
      await comment(staff.headers, { ticket_id: ticket.ticketId, message: 'Welcome' });
      expect((await ticketRow(ticket.ticketId))?.ticketStatus).toBe('in_progress');
    });
  });

  it('marks the ticket as updated by every comment, whether it moves the status or not', async () => {
    const customer = await signedInAs(ctx.app, ctx.db);
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const ticket = await buildTicket(ctx.db, customer.user, { ticketStatus: 'in_progress' });
    const longAgo = new Date('2025-01-01T00:00:00Z');
    for (const [author, is_internal] of [
      [customer, false],
      [staff, true],
      [staff, false],
    ] as const) {
      await ctx.db.update(tickets).set({ updatedAt: longAgo }).where(eq(tickets.ticketId, ticket.ticketId));
      expect((await comment(author.headers, { ticket_id: ticket.ticketId, message: 'Noted', is_internal })).statusCode).toBe(201);
      expect((await ticketRow(ticket.ticketId))?.updatedAt.getTime()).toBeGreaterThan(longAgo.getTime());
    }
  });

  describe('attachments', () => {
    it('attaches the author own uploads and shows them as public URLs', async () => {
      const { user, headers } = await signedInAs(ctx.app, ctx.db);
      const ticket = await buildTicket(ctx.db, user);
      const url = await uploadImage(ctx.app, headers, 'screen.png');
      expect(
        (await comment(headers, { ticket_id: ticket.ticketId, message: 'See the picture', attachments: [url] })).statusCode,
      ).toBe(201);
      const view = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticket.ticketId}`, headers });
      expect(view.json<TicketByIdReply>().data[0]?.comments[0]?.attachments).toEqual([url]);
      const [stored] = await commentsOf(ticket.ticketId);
      const [upload] = await ctx.db
        .select()
        .from(uploads)
        .where(eq(uploads.usedBy, `comment:${stored?.id ?? ''}`));
      expect(upload).toBeDefined();
    });

    it('refuses a foreign URL or an unknown key and stores nothing', async () => {
      const { user, headers } = await signedInAs(ctx.app, ctx.db);
      const ticket = await buildTicket(ctx.db, user);
      for (const url of ['https://evil.example/a.png', `/storage/attachments/2026/01/${crypto.randomUUID()}.png`]) {
        const reply = await comment(headers, { ticket_id: ticket.ticketId, message: 'Look', attachments: [url] });
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toMatchObject({ details: { attachments: expect.any(String) } });
      }
      expect(await commentsOf(ticket.ticketId)).toEqual([]);
      expect((await ticketRow(ticket.ticketId))?.ticketStatus).toBe('open');
    });
  });
});
