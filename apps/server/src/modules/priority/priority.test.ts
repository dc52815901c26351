import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Department, Ticket, TicketListReply, TicketStatus, UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { auditLog, tickets } from '../../db/schema.ts';
import { listen, openEventStream, type EventStream } from '../events/events.test-support.ts';

type Headers = Record<string, string>;

describeWithApp("a ticket's priority (DESIGN.md §30)", (ctx) => {
  const staff = (userType: UserType) => signedInAs(ctx.app, ctx.db, { userType });
  const ticketAt = async (issuedTo: Department, ticketStatus: TicketStatus = 'open') => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    return { ticket: await buildTicket(ctx.db, issuer.user, { issuedTo, ticketStatus }), issuer };
  };
  const setPriority = (headers: Headers, ticketId: number | string, body: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/tickets/${ticketId}/priority`, headers, payload: body as object });
  const stored = async (ticketId: number) => {
    const [row] = await ctx.db.select({ priority: tickets.priority }).from(tickets).where(eq(tickets.ticketId, ticketId));
    return row?.priority;
  };
  const auditRows = (ticketId: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `ticket:${ticketId}`), eq(auditLog.action, 'ticket.priority')));
  const view = async (headers: Headers, ticketId: number) => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`, headers });
    expect(reply.statusCode, reply.body).toBe(200);
    const [ticket] = reply.json<{ data: Ticket[] }>().data;
    if (!ticket) throw new Error('no ticket in the reply');
    return ticket;
  };

  let baseUrl = '';
  const streams: EventStream[] = [];
  beforeAll(async () => {
    baseUrl = await listen(ctx.app);
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  it('lets staff of the holding department set it: stored, shown to staff, audited once, announced to staff only', async () => {
    const rs = await staff('rs');
    const { ticket, issuer } = await ticketAt('rs');
    expect(await stored(ticket.ticketId)).toBe('normal');
    const staffStream = await openEventStream(baseUrl, rs.token);
    const issuerStream = await openEventStream(baseUrl, issuer.token);
    streams.push(staffStream, issuerStream);
    await staffStream.until((stream) => stream.comments.includes('ready'));
    await issuerStream.until((stream) => stream.comments.includes('ready'));

    const reply = await setPriority(rs.headers, ticket.ticketId, { priority: 'urgent' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: 'Priority set to Urgent', priority: 'urgent' });
    expect(await stored(ticket.ticketId)).toBe('urgent');
    expect((await view(rs.headers, ticket.ticketId)).priority).toBe('urgent');

    const audit = await auditRows(ticket.ticketId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: rs.user.id, details: { from: 'normal', to: 'urgent' } });

    await staffStream.until((stream) => stream.events.length >= 1);
    expect(staffStream.events).toEqual([{ event: 'ticket.changed', data: { ticket_id: ticket.ticketId } }]);
    // The issuer hears nothing: not even that something they cannot see changed.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(issuerStream.events).toEqual([]);
  });

  it('changes nothing and records nothing when the ticket already has that priority', async () => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('iptsp');
    expect((await setPriority(cc.headers, ticket.ticketId, { priority: 'high' })).statusCode).toBe(200);
    const again = await setPriority(cc.headers, ticket.ticketId, { priority: 'high' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ priority: 'high' });
    expect(await auditRows(ticket.ticketId)).toHaveLength(1);
  });

  it('lets cc set it on a ticket of any department', async () => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('oss-bss');
    expect((await setPriority(cc.headers, ticket.ticketId, { priority: 'low' })).statusCode).toBe(200);
    expect(await stored(ticket.ticketId)).toBe('low');
  });

  it('refuses staff of another department than the holder', async () => {
    const iptsp = await staff('iptsp');
    const { ticket } = await ticketAt('rs');
    const reply = await setPriority(iptsp.headers, ticket.ticketId, { priority: 'high' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({
      code: 'forbidden',
      message: 'This ticket is with Retail Sales: only they or Customer Care can set its priority.',
    });
    expect(await stored(ticket.ticketId)).toBe('normal');
    expect(await auditRows(ticket.ticketId)).toHaveLength(0);
  });

  it.each(['customer', 'agent'] as const)('refuses a %s, even on their own ticket', async (userType) => {
    const issuer = await signedInAs(ctx.app, ctx.db, { userType });
    const ticket = await buildTicket(ctx.db, issuer.user, { issuedTo: 'cc' });
    const reply = await setPriority(issuer.headers, ticket.ticketId, { priority: 'urgent' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ code: 'forbidden', message: "Only staff can set a ticket's priority." });
    expect(await stored(ticket.ticketId)).toBe('normal');
  });

  it('refuses a solved ticket with 409', async () => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('cc', 'closed');
    const reply = await setPriority(cc.headers, ticket.ticketId, { priority: 'urgent' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ code: 'conflict' });
    expect(await stored(ticket.ticketId)).toBe('normal');
  });

  it('refuses a value outside the set with 400, and an unknown ticket with 404', async () => {
    const cc = await staff('cc');
    const { ticket } = await ticketAt('cc');
    for (const body of [{ priority: 'critical' }, { priority: '' }, {}, { priority: 3 }]) {
      const reply = await setPriority(cc.headers, ticket.ticketId, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json(), JSON.stringify(body)).toMatchObject({ code: 'validation' });
    }
    expect((await setPriority(cc.headers, ticket.ticketId, { priority: 'critical' })).json()).toMatchObject({
      message: 'priority: Priority is low, normal, high or urgent',
    });
    expect(await stored(ticket.ticketId)).toBe('normal');
    const missing = await setPriority(cc.headers, 999_999_999, { priority: 'high' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers in Bangla when asked in Bangla', async () => {
    const ossBss = await staff('oss_bss');
    const { ticket } = await ticketAt('oss-bss');
    const reply = await setPriority({ ...ossBss.headers, 'accept-language': 'bn' }, ticket.ticketId, { priority: 'high' });
    expect(reply.json()).toMatchObject({ message: 'অগ্রাধিকার উচ্চ করা হয়েছে' });
  });

  it('never shows a priority to the issuer, in the view or the list', async () => {
    const cc = await staff('cc');
    for (const userType of ['customer', 'agent'] as const) {
      const issuer = await signedInAs(ctx.app, ctx.db, { userType });
      const ticket = await buildTicket(ctx.db, issuer.user, { issuedTo: 'cc' });
      await setPriority(cc.headers, ticket.ticketId, { priority: 'urgent' });
      expect(await view(issuer.headers, ticket.ticketId)).not.toHaveProperty('priority');
      const listed = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/tickets/user-type-wise-tickets/1?priority=low&sort=priority&order=asc',
        headers: issuer.headers,
      });
      expect(listed.statusCode).toBe(200);
      const rows = listed.json<TicketListReply>().data;
      // The filter and the order are dropped for them: their own ticket, newest first, without a priority.
      expect(rows.map((row) => row.ticket_id)).toEqual([ticket.ticketId]);
      expect(rows[0]).not.toHaveProperty('priority');
    }
  });
});
