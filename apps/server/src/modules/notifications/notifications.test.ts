/**
 * Telling the issuer (DESIGN.md §13) through the API: which changes write a message and which do
 * not, the reply throttle, NOTIFY_ISSUERS, and who may read the messages.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FailedNotificationsReply, TicketNotificationsReply } from '@switchboard/shared';
import { loadConfig } from '../../config.ts';
import { outboxMessages, tickets } from '../../db/schema.ts';
import { describeWithApp, type TestContext } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { workflowCalls } from '../forwarding/forwarding.test-support.ts';
import { outboxOf, recordingSms, startSmtpPeer } from './notifications.test-support.ts';

const smtp = await startSmtpPeer();
afterAll(() => smtp.close());

const SECRET_WORDS = 'the router password is hunter2';

function comment(ctx: TestContext, headers: Record<string, string>, ticketId: number, isInternal = false) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/add-comment',
    headers,
    payload: { ticket_id: ticketId, message: SECRET_WORDS, is_internal: isInternal },
  });
}

/** A customer's open ticket, the customer and a cc staff member. */
async function ticketWithPeople(ctx: TestContext) {
  const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
  const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc', name: 'Rahim' });
  const ticket = await buildTicket(ctx.db, customer.user);
  return { customer, staff, ticket };
}

const kindsOf = async (ctx: TestContext, ticketId: number) =>
  (await outboxOf(ctx.db, ticketId)).map((row) => `${row.kind}:${row.channel}`);

const sms = recordingSms();

describeWithApp(
  'telling the issuer',
  (ctx) => {
    it('tells the issuer by SMS when staff resolve, naming the brand, the ticket and the link', async () => {
      const { customer, staff, ticket } = await ticketWithPeople(ctx);
      expect((await workflowCalls(ctx.app).resolve(staff.headers, ticket.ticketId)).statusCode).toBe(200);
      const [row, ...others] = await outboxOf(ctx.db, ticket.ticketId);
      expect(others).toEqual([]);
      expect(row).toMatchObject({ channel: 'sms', kind: 'resolved', recipient: customer.user.productNumber });
      expect(row?.body).toBe(
        `Acme Net: your ticket #${ticket.ticketId} was resolved. https://desk.example/view-ticket?id=${ticket.ticketId}`,
      );
      // The worker sends it at once and records it.
      await vi.waitFor(async () => expect((await outboxOf(ctx.db, ticket.ticketId))[0]?.status).toBe('sent'), {
        timeout: 10_000,
      });
      expect(sms.sent.filter((message) => message.to === customer.user.productNumber)).toEqual([
        { to: customer.user.productNumber, text: row?.body, purpose: 'notice' },
      ]);
    });

    it("tells of a staff member's external reply without its words", async () => {
      const { staff, ticket } = await ticketWithPeople(ctx);
      expect((await comment(ctx, staff.headers, ticket.ticketId)).statusCode).toBe(201);
      const rows = await outboxOf(ctx.db, ticket.ticketId);
      expect(rows.map((row) => [row.kind, row.channel])).toEqual([['reply', 'sms']]);
      expect(rows[0]?.body).toContain(`your ticket #${ticket.ticketId} has a new reply`);
      expect(rows[0]?.body).not.toContain('hunter2');
    });

    it('tells nobody of an internal comment, the issuer’s own comment or a forward', async () => {
      const { customer, staff, ticket } = await ticketWithPeople(ctx);
      expect((await comment(ctx, staff.headers, ticket.ticketId, true)).statusCode).toBe(201);
      expect((await comment(ctx, customer.headers, ticket.ticketId)).statusCode).toBe(201);
      const forward = await workflowCalls(ctx.app).forward(staff.headers, {
        ticket_id: ticket.ticketId,
        previously_issued_to: 'cc',
        newly_issued_to: 'rs',
        forward_cause: 'Retail handles this',
        is_in_forward_loop: false,
      });
      expect(forward.statusCode).toBe(200);
      expect(await kindsOf(ctx, ticket.ticketId)).toEqual([]);
    });

    it('tells nobody when staff comment on or resolve a ticket they issued themselves', async () => {
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const ticket = await buildTicket(ctx.db, staff.user, { issuerUserType: 'customer' });
      expect((await comment(ctx, staff.headers, ticket.ticketId)).statusCode).toBe(201);
      expect((await workflowCalls(ctx.app).resolve(staff.headers, ticket.ticketId)).statusCode).toBe(200);
      expect(await kindsOf(ctx, ticket.ticketId)).toEqual([]);
    });

    it('tells of one reply per ticket per 10 minutes, and of every resolve', async () => {
      const { staff, ticket } = await ticketWithPeople(ctx);
      const other = await buildTicket(ctx.db, (await signedInAs(ctx.app, ctx.db)).user);
      await comment(ctx, staff.headers, ticket.ticketId);
      await comment(ctx, staff.headers, ticket.ticketId);
      await comment(ctx, staff.headers, other.ticketId);
      expect(await kindsOf(ctx, ticket.ticketId)).toEqual(['reply:sms']);
      // Another ticket has a throttle of its own.
      expect(await kindsOf(ctx, other.ticketId)).toEqual(['reply:sms']);
      // A resolve right after a reply is told all the same.
      expect((await workflowCalls(ctx.app).resolve(staff.headers, ticket.ticketId)).statusCode).toBe(200);
      expect(await kindsOf(ctx, ticket.ticketId)).toEqual(['reply:sms', 'resolved:sms']);
      // Once the issuer was told of a reply more than 10 minutes ago, the next reply is told again.
      await ctx.db
        .update(tickets)
        .set({ replyToldAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(tickets.ticketId, ticket.ticketId));
      await comment(ctx, staff.headers, ticket.ticketId);
      expect((await kindsOf(ctx, ticket.ticketId)).filter((kind) => kind === 'reply:sms')).toHaveLength(2);
    });

    it('tells the first of eight replies at the same moment, and only it', async () => {
      const { staff, ticket } = await ticketWithPeople(ctx);
      const replies = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => comment(ctx, staff.headers, ticket.ticketId)));
      expect(replies.map((reply) => reply.statusCode)).toEqual(Array(8).fill(201));
      expect(await kindsOf(ctx, ticket.ticketId)).toEqual(['reply:sms']);
    });

    it('tells a public ticket’s submitter by e-mail, without a link (they have no account)', async () => {
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const ticket = await buildTicket(ctx.db, null, { clientEmail: 'nasrin@example.com' });
      expect((await workflowCalls(ctx.app).resolve(staff.headers, ticket.ticketId)).statusCode).toBe(200);
      const rows = await outboxOf(ctx.db, ticket.ticketId);
      expect(rows.map((row) => [row.kind, row.channel, row.recipient])).toEqual([['resolved', 'email', 'nasrin@example.com']]);
      expect(rows[0]?.subject).toBe(`Acme Net support: your ticket was resolved [#${ticket.ticketId}]`);
      expect(rows[0]?.body).not.toContain('view-ticket');
      await vi.waitFor(() => expect(smtp.delivered.some((mail) => mail.to.includes('nasrin@example.com'))).toBe(true), {
        timeout: 10_000,
      });
    });

    it('tells the issuer once for Resolve & Forward to cc (the forward tells nobody)', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const rs = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
      const ticket = await buildTicket(ctx.db, customer.user, { issuedTo: 'rs' });
      const calls = workflowCalls(ctx.app);
      expect((await calls.resolve(rs.headers, ticket.ticketId)).statusCode).toBe(200);
      const forward = await calls.forward(rs.headers, {
        ticket_id: ticket.ticketId,
        previously_issued_to: 'rs',
        newly_issued_to: 'cc',
        forward_cause: 'Corporate follow-up',
        is_in_forward_loop: false,
      });
      expect(forward.statusCode).toBe(200);
      expect(await kindsOf(ctx, ticket.ticketId)).toEqual(['resolved:sms']);
    });

    it('writes nothing when the change is refused (the message is part of its transaction)', async () => {
      const { staff, ticket } = await ticketWithPeople(ctx);
      const calls = workflowCalls(ctx.app);
      await calls.resolve(staff.headers, ticket.ticketId);
      expect((await calls.resolve(staff.headers, ticket.ticketId)).statusCode).toBe(409);
      expect(await kindsOf(ctx, ticket.ticketId)).toEqual(['resolved:sms']);
    });

    describe('GET /tickets/{id}/notifications', () => {
      const list = (headers: Record<string, string>, ticketId: number, query = '') =>
        ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/${ticketId}/notifications${query}`, headers });

      it('shows staff what the issuer was told and when, newest first, without the gateway’s words', async () => {
        const { staff, ticket } = await ticketWithPeople(ctx);
        await comment(ctx, staff.headers, ticket.ticketId);
        await workflowCalls(ctx.app).resolve(staff.headers, ticket.ticketId);
        await ctx.db
          .update(outboxMessages)
          .set({ lastError: 'gateway at 10.0.0.7 said 503' })
          .where(eq(outboxMessages.kind, 'reply'));
        await vi.waitFor(
          async () => expect((await outboxOf(ctx.db, ticket.ticketId)).every((row) => row.status === 'sent')).toBe(true),
          { timeout: 10_000 },
        );
        const reply = await list(staff.headers, ticket.ticketId);
        expect(reply.statusCode).toBe(200);
        const body = reply.json<TicketNotificationsReply>();
        expect(body).toMatchObject({ total: 2, total_pages: 1, previous_page: null, next_page: null });
        expect(body.data.map((row) => [row.kind, row.channel, row.status, row.last_error])).toEqual([
          ['resolved', 'sms', 'sent', null],
          ['reply', 'sms', 'sent', null],
        ]);
        expect(body.data[0]?.sent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(reply.body).not.toContain('recipient');

        const admin = await signedInAs(ctx.app, ctx.db, { userType: 'iptsp', role: 'admin' });
        const asAdmin = (await list(admin.headers, ticket.ticketId)).json<TicketNotificationsReply>();
        expect(asAdmin.data[1]?.last_error).toBe('gateway at 10.0.0.7 said 503');
      });

      it('refuses customers and agents, even on their own tickets', async () => {
        const { customer, ticket } = await ticketWithPeople(ctx);
        expect((await list(customer.headers, ticket.ticketId)).statusCode).toBe(403);
        const agent = await signedInAs(ctx.app, ctx.db, { userType: 'agent' });
        const agentTicket = await buildTicket(ctx.db, agent.user, { issuerUserType: 'agent' });
        expect((await list(agent.headers, agentTicket.ticketId)).statusCode).toBe(403);
        expect((await list({}, ticket.ticketId)).statusCode).toBe(401);
      });

      it('answers 404 for a ticket that does not exist and 400 for a bad page', async () => {
        const staff = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
        expect((await list(staff.headers, 99_999_999)).statusCode).toBe(404);
        const { ticket } = await ticketWithPeople(ctx);
        expect((await list(staff.headers, ticket.ticketId, '?page=0')).statusCode).toBe(400);
      });
    });

    describe('GET /notifications/failed', () => {
      const failed = (headers: Record<string, string>, page = 1) =>
        ctx.app.inject({ method: 'GET', url: `/api/v1/notifications/failed?page=${page}`, headers });

      it('pages the messages that kept failing for admins, with recipient and last error', async () => {
        const { ticket } = await ticketWithPeople(ctx);
        await ctx.db.insert(outboxMessages).values(
          Array.from({ length: 11 }, (_, i) => ({
            channel: 'email' as const,
            kind: 'receipt' as const,
            recipient: `gone${i}@example.com`,
            body: 'x',
            ticketId: ticket.ticketId,
            status: 'failed' as const,
            attempts: 10,
            lastError: 'SMTP 550: No such mailbox here',
            createdAt: new Date(Date.now() - i * 1000),
          })),
        );
        const admin = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
        const first = (await failed(admin.headers)).json<FailedNotificationsReply>();
        expect(first).toMatchObject({ total: 11, total_pages: 2, previous_page: null, next_page: 2 });
        expect(first.data).toHaveLength(10);
        expect(first.data[0]).toMatchObject({
          ticket_id: ticket.ticketId,
          recipient: 'gone0@example.com',
          attempts: 10,
          last_error: 'SMTP 550: No such mailbox here',
        });
        const second = (await failed(admin.headers, 2)).json<FailedNotificationsReply>();
        expect(second.data.map((row) => row.recipient)).toEqual(['gone10@example.com']);
      });

      it('refuses everybody but admins', async () => {
        for (const fields of [{ userType: 'cc' as const, role: 'moderator' as const }, { userType: 'customer' as const }]) {
          const caller = await signedInAs(ctx.app, ctx.db, fields);
          expect((await failed(caller.headers)).statusCode).toBe(403);
        }
      });
    });
  },
  { env: { BRAND_NAME: 'Acme Net', PUBLIC_URL: 'https://desk.example', SMTP_URL: smtp.url }, sms },
);

/** The channels of a resolve on a ticket that has both a number and an address, under NOTIFY_ISSUERS. */
async function channelsOfResolve(ctx: TestContext): Promise<string[]> {
  const customer = await signedInAs(ctx.app, ctx.db);
  const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
  const ticket = await buildTicket(ctx.db, customer.user, { clientEmail: 'both@example.com' });
  await workflowCalls(ctx.app).resolve(staff.headers, ticket.ticketId);
  return (await outboxOf(ctx.db, ticket.ticketId)).map((row) => row.channel).sort();
}

for (const [value, expected] of [
  ['sms,email', ['email', 'sms']],
  ['sms', ['sms']],
  ['email', ['email']],
  ['off', []],
] as const) {
  describeWithApp(
    `NOTIFY_ISSUERS=${value}`,
    (ctx) => {
      it(`tells by ${expected.join(' and ') || 'nothing'}`, async () => {
        expect(await channelsOfResolve(ctx)).toEqual(expected);
      });
    },
    { env: { NOTIFY_ISSUERS: value, SMTP_URL: smtp.url } },
  );
}

describeWithApp('telling the issuer without SMTP_URL', (ctx) => {
  it('writes no e-mail at all (it could never leave), and the SMS has no link without PUBLIC_URL', async () => {
    const customer = await signedInAs(ctx.app, ctx.db);
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const ticket = await buildTicket(ctx.db, customer.user, { clientEmail: 'nomail@example.com' });
    await workflowCalls(ctx.app).resolve(staff.headers, ticket.ticketId);
    const rows = await outboxOf(ctx.db, ticket.ticketId);
    expect(rows.map((row) => row.channel)).toEqual(['sms']);
    expect(rows[0]?.body).toBe(`Switchboard: your ticket #${ticket.ticketId} was resolved.`);
  });
});

describe('NOTIFY_ISSUERS', () => {
  const load = (value: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-data-dir', NOTIFY_ISSUERS: value });

  it('defaults to SMS and e-mail and reads every allowed value', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), CAPTCHA_HMAC_KEY: 'y'.repeat(16) }).notify.channels,
    ).toEqual(['sms', 'email']);
  });

  it.each(['', 'fax', 'sms,sms', 'off,sms', 'sms,', 'all'])('refuses %j and names the variable', (value) => {
    expect(() => load(value)).toThrow(/NOTIFY_ISSUERS: must be sms,email, sms, email or off/);
  });
});
