/**
 * Waiting for the customer (DESIGN.md §26): a staff reply may stop a ticket's clock until the issuer
 * answers (web or SMS; e-mail in waiting-mail.test.ts) or staff reply without waiting; the due time
 * then moves by the working time waited. Only staff wait, and only staff see it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { IssuedTo, TicketByIdReply, TicketListReply } from '@switchboard/shared';
import { createClient } from '../../../test/api-client-factories.ts';
import { buildUser, signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { auditLog, businessCalendars, comments, holidays, serviceLevels, tickets } from '../../db/schema.ts';
import { gatewayPeer, type GatewayPeer } from '../channels/sms-gateway.test-support.ts';
import { listen, openEventStream } from '../events/events.test-support.ts';

const HOUR_MS = 60 * 60_000;
/** Seconds between the test's clock and the database's, and the time a request takes. */
const SLACK_S = 30;

describeWithApp('waiting for the customer', (ctx) => {
  let gateway: GatewayPeer;
  let baseUrl: string;
  beforeAll(async () => {
    const admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
    const client = await createClient(ctx.app, ctx.db, admin, { scopes: ['channels:inbound'] });
    baseUrl = await listen(ctx.app);
    gateway = gatewayPeer(baseUrl, client.headers);
  });

  const comment = (headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/add-comment', headers, payload });
  const rowOf = async (ticketId: number) => {
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
    if (!row) throw new Error('no ticket');
    return row;
  };
  const viewAs = async (headers: Record<string, string>, ticketId: number) =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`, headers })
    ).json<TicketByIdReply>().data[0];
  const waitedSince = (ticketId: number, at: Date) =>
    ctx.db.update(tickets).set({ waitingSince: at }).where(eq(tickets.ticketId, ticketId));
  const auditOf = async (ticketId: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `ticket:${ticketId}`), eq(auditLog.action, 'comment.create')))
      .orderBy(auditLog.at);

  /** A customer's ticket held by `holder`, answered once by its staff (the resolve level runs), and that staff. */
  async function answeredTicket(holder: IssuedTo = 'cc') {
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const staff = await signedInAs(ctx.app, ctx.db, { userType: holder === 'oss-bss' ? 'oss_bss' : holder });
    const ticket = await buildTicket(ctx.db, customer.user, { issuedTo: holder });
    expect((await comment(staff.headers, { ticket_id: ticket.ticketId, message: 'Looking into it' })).statusCode).toBe(201);
    const dueAt = (await rowOf(ticket.ticketId)).dueAt;
    if (!dueAt) throw new Error('no due time');
    return { customer, staff, ticketId: ticket.ticketId, dueAt };
  }

  it('stops the clock on a staff reply that waits, audited; staff see it waiting, the customer never', async () => {
    const { customer, staff, ticketId } = await answeredTicket();
    const reply = await comment(staff.headers, { ticket_id: ticketId, message: 'Is the light on?', wait_for_customer: true });
    expect(reply.statusCode).toBe(201);
    const row = await rowOf(ticketId);
    expect(row.waitingSince).not.toBeNull();
    expect(row.dueAt).toBeNull();
    expect((await auditOf(ticketId)).at(-1)?.details).toMatchObject({ wait: 'started' });
    expect(await viewAs(staff.headers, ticketId)).toMatchObject({ waiting: true, overdue: false, due_at: null });
    const seen = await viewAs(customer.headers, ticketId);
    expect(seen).toBeDefined();
    expect(seen).not.toHaveProperty('waiting');
    expect(seen).not.toHaveProperty('due_soon');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tickets/user-type-wise-tickets/1?waiting=true',
      headers: staff.headers,
    });
    expect(listed.json<TicketListReply>().data.map((item) => item.ticket_id)).toContain(ticketId);
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tickets/user-type-wise-tickets/1',
      headers: customer.headers,
    });
    for (const item of own.json<TicketListReply>().data) expect(item).not.toHaveProperty('waiting');
  });

  it('tells staff live that the ticket changed when only its wait did', async () => {
    const { staff, ticketId } = await answeredTicket();
    const colleague = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const stream = await openEventStream(baseUrl, colleague.token);
    try {
      await comment(staff.headers, { ticket_id: ticketId, message: 'Which router?', wait_for_customer: true });
      await stream.until((seen) =>
        seen.events.some((event) => event.event === 'ticket.changed' && event.data.ticket_id === ticketId),
      );
    } finally {
      stream.close();
    }
  });

  it('refuses a wait to the customer and to an agent with 403, and writes nothing', async () => {
    for (const userType of ['customer', 'agent'] as const) {
      const issuer = await signedInAs(ctx.app, ctx.db, { userType });
      const ticket = await buildTicket(ctx.db, issuer.user);
      const reply = await comment(issuer.headers, {
        ticket_id: ticket.ticketId,
        message: 'Wait for me',
        wait_for_customer: true,
      });
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ code: 'forbidden', message: "Only staff can wait for the customer's answer." });
      expect(await ctx.db.select().from(comments).where(eq(comments.ticketId, ticket.ticketId))).toEqual([]);
      expect((await rowOf(ticket.ticketId)).waitingSince).toBeNull();
    }
  });

  it('refuses a wait with an internal note (400), on a solved ticket (409) and on another department’s (403)', async () => {
    const { staff, ticketId } = await answeredTicket();
    const internal = await comment(staff.headers, {
      ticket_id: ticketId,
      message: 'Note',
      is_internal: true,
      wait_for_customer: true,
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json()).toMatchObject({ code: 'validation', details: { wait_for_customer: expect.any(String) } });
    const customer = await buildUser(ctx.db);
    const solved = await buildTicket(ctx.db, customer, { ticketStatus: 'closed' });
    const closed = await comment(staff.headers, { ticket_id: solved.ticketId, message: 'Hello?', wait_for_customer: true });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'conflict' });
    const retail = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
    const elsewhere = await comment(retail.headers, { ticket_id: ticketId, message: 'Hello?', wait_for_customer: true });
    expect(elsewhere.statusCode).toBe(403);
    expect((await rowOf(ticketId)).waitingSince).toBeNull();
    expect(await ctx.db.select().from(comments).where(eq(comments.ticketId, solved.ticketId))).toEqual([]);
  });

  it('refuses staff a wait on their own ticket: there is no customer to wait for', async () => {
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const own = await buildTicket(ctx.db, staff.user);
    const reply = await comment(staff.headers, { ticket_id: own.ticketId, message: 'Note to self', wait_for_customer: true });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ code: 'forbidden', message: 'This is your own ticket: there is no customer to wait for.' });
    expect((await rowOf(own.ticketId)).waitingSince).toBeNull();
  });

  it("resumes on the issuer's web comment with the time left: the due time moves by the wait", async () => {
    const { customer, staff, ticketId, dueAt } = await answeredTicket();
    await comment(staff.headers, { ticket_id: ticketId, message: 'Restart the router?', wait_for_customer: true });
    await waitedSince(ticketId, new Date(Date.now() - 2 * HOUR_MS));
    // An internal note changes nothing.
    await comment(staff.headers, { ticket_id: ticketId, message: 'Asked them', is_internal: true });
    expect((await rowOf(ticketId)).waitingSince).not.toBeNull();
    expect((await comment(customer.headers, { ticket_id: ticketId, message: 'Done, still slow' })).statusCode).toBe(201);
    const row = await rowOf(ticketId);
    expect(row.waitingSince).toBeNull();
    expect(Math.abs(row.waitedSeconds - 7200)).toBeLessThan(SLACK_S);
    expect(row.dueAt?.getTime()).toBe(dueAt.getTime() + row.waitedSeconds * 1000);
    expect((await auditOf(ticketId)).at(-1)?.details).toMatchObject({ wait: 'ended', waited_seconds: row.waitedSeconds });
    expect(await viewAs(staff.headers, ticketId)).toMatchObject({ waiting: false });
  });

  it('resumes on a staff reply that does not wait, and adds each wait', async () => {
    const { staff, ticketId, dueAt } = await answeredTicket();
    await comment(staff.headers, { ticket_id: ticketId, message: 'Which area?', wait_for_customer: true });
    await waitedSince(ticketId, new Date(Date.now() - HOUR_MS));
    await comment(staff.headers, { ticket_id: ticketId, message: 'Found it in the logs' });
    const first = await rowOf(ticketId);
    expect(first.waitingSince).toBeNull();
    expect(Math.abs(first.waitedSeconds - 3600)).toBeLessThan(SLACK_S);
    await comment(staff.headers, { ticket_id: ticketId, message: 'Try now?', wait_for_customer: true });
    await waitedSince(ticketId, new Date(Date.now() - HOUR_MS));
    await comment(staff.headers, { ticket_id: ticketId, message: 'Fixed on our side' });
    const second = await rowOf(ticketId);
    expect(Math.abs(second.waitedSeconds - 7200)).toBeLessThan(2 * SLACK_S);
    expect(second.dueAt?.getTime()).toBe(dueAt.getTime() + second.waitedSeconds * 1000);
  });

  it("resumes on the issuer's answer by SMS", async () => {
    const { customer, staff, ticketId, dueAt } = await answeredTicket();
    await comment(staff.headers, { ticket_id: ticketId, message: 'Is it better now?', wait_for_customer: true });
    await waitedSince(ticketId, new Date(Date.now() - 3 * HOUR_MS));
    const reply = await gateway.inbound({ from: customer.user.productNumber, text: 'No, still down' });
    expect(reply.body.data).toMatchObject({ outcome: 'comment', ticket_id: ticketId });
    const row = await rowOf(ticketId);
    expect(row.waitingSince).toBeNull();
    expect(Math.abs(row.waitedSeconds - 3 * 3600)).toBeLessThan(SLACK_S);
    expect(row.dueAt?.getTime()).toBe(dueAt.getTime() + row.waitedSeconds * 1000);
  });

  it("counts a wait in the working time of the holder's calendar", async () => {
    // Every hour works but today (UTC) is a holiday: a wait of two days counts until midnight.
    const [calendar] = await ctx.db
      .insert(businessCalendars)
      .values({ name: 'Round the clock, today off', timezone: 'UTC', week: Array.from({ length: 7 }, () => [[0, 1440]]) })
      .returning();
    if (!calendar) throw new Error('no calendar');
    await ctx.db.insert(holidays).values({ calendarId: calendar.id, day: sql`(now() at time zone 'UTC')::date`, name: 'Today' });
    await ctx.db.update(serviceLevels).set({ calendarId: calendar.id }).where(eq(serviceLevels.department, 'rs'));
    const { customer, staff, ticketId } = await answeredTicket('rs');
    await comment(staff.headers, { ticket_id: ticketId, message: 'Send a photo?', wait_for_customer: true });
    const since = new Date(Date.now() - 48 * HOUR_MS);
    await waitedSince(ticketId, since);
    await comment(customer.headers, { ticket_id: ticketId, message: 'Here it is' });
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    const row = await rowOf(ticketId);
    expect(Math.abs(row.waitedSeconds - (midnight.getTime() - since.getTime()) / 1000)).toBeLessThan(SLACK_S);
  });
});
