import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { SMS_INBOUND_TEXT_MAX_LENGTH } from '@switchboard/shared';
import { createClient } from '../../../test/api-client-factories.ts';
import { buildUser, randomProductNumber, signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildGroup, buildTicket } from '../../../test/ticket-factories.ts';
import { subgroups, tickets, users } from '../../db/schema.ts';
import { listen, openEventStream } from '../events/events.test-support.ts';
import { answersTo, commentsOf, gatewayPeer, inboundFrom, messagesTo, type GatewayPeer } from './sms-gateway.test-support.ts';

const INBOUND_SUBGROUP = randomUUID();
const DAY_MS = 24 * 60 * 60_000;

describeWithApp(
  'inbound SMS filed as a comment or a new ticket',
  (ctx) => {
    let baseUrl: string;
    let gateway: GatewayPeer;
    let groupId: string;

    beforeAll(async () => {
      baseUrl = await listen(ctx.app);
      const admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
      const client = await createClient(ctx.app, ctx.db, admin, { scopes: ['channels:inbound'] });
      gateway = gatewayPeer(baseUrl, client.headers);
      // A group first by name, which a configured subgroup must win over.
      await buildGroup(ctx.db, { name: 'Aaa first', subgroups: ['Other'] });
      const { group } = await buildGroup(ctx.db, { name: 'Inbound', subgroups: [] });
      groupId = group.id;
      await ctx.db.insert(subgroups).values({ id: INBOUND_SUBGROUP, groupId, subGroupEn: 'By SMS', subGroupBn: 'এসএমএসে' });
    });

    const touched = (ticketId: number, at: Date) =>
      ctx.db.update(tickets).set({ updatedAt: at }).where(eq(tickets.ticketId, ticketId));

    it("comments on the number's most recently active ticket with source sms; staff hear it live and no reply SMS goes back", async () => {
      const customer = await buildUser(ctx.db);
      const older = await buildTicket(ctx.db, customer);
      const latest = await buildTicket(ctx.db, customer, { ticketStatus: 'in_progress' });
      await touched(older.ticketId, new Date(Date.now() - 60_000));
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const stream = await openEventStream(baseUrl, staff.token);
      try {
        const reply = await gateway.inbound({ from: customer.productNumber, text: 'Still no internet' }, 'form');
        expect(reply.body.data).toEqual({ outcome: 'comment', ticket_id: latest.ticketId, repeat: false });
        await stream.until((seen) => seen.events.some((event) => event.event === 'comment.added'));
      } finally {
        stream.close();
      }
      const [comment] = await commentsOf(ctx.db, latest.ticketId);
      expect(comment).toMatchObject({
        message: 'Still no internet',
        source: 'sms',
        isInternal: false,
        commenterUserId: customer.id,
      });
      expect(await commentsOf(ctx.db, older.ticketId)).toEqual([]);
      expect(await messagesTo(ctx.db, customer.productNumber)).toEqual([]);
    });

    it('reopens a ticket closed within 7 days', async () => {
      const customer = await buildUser(ctx.db);
      const closed = await buildTicket(ctx.db, customer, { ticketStatus: 'closed' });
      await ctx.db
        .update(tickets)
        .set({ resolvedAt: new Date(Date.now() - 6 * DAY_MS) })
        .where(eq(tickets.ticketId, closed.ticketId));
      const reply = await gateway.inbound({ from: customer.productNumber, text: 'It broke again' });
      expect(reply.body.data).toMatchObject({ outcome: 'comment', ticket_id: closed.ticketId });
      const [row] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, closed.ticketId));
      expect(row?.ticketStatus).toBe('open');
    });

    it('opens a new ticket past an older closed one, in the configured subgroup, and answers with its number', async () => {
      const customer = await buildUser(ctx.db);
      await ctx.db.update(users).set({ language: 'bn' }).where(eq(users.id, customer.id));
      const closed = await buildTicket(ctx.db, customer, { ticketStatus: 'closed' });
      await ctx.db
        .update(tickets)
        .set({ resolvedAt: new Date(Date.now() - 8 * DAY_MS) })
        .where(eq(tickets.ticketId, closed.ticketId));
      const text = 'The router shows a red light since the storm last night and nothing works at all, please help';
      const reply = await gateway.inbound({ from: customer.productNumber, text }, 'get');
      expect(reply.body.data.outcome).toBe('ticket');
      const ticketId = reply.body.data.ticket_id ?? 0;
      expect(ticketId).not.toBe(closed.ticketId);
      const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
      expect(ticket).toMatchObject({
        title: text.slice(0, 60).trim(),
        description: text,
        problematicNumber: customer.productNumber,
        issuerUserId: customer.id,
        issuerNumber: customer.productNumber,
        issuerUserType: 'customer',
        groupId,
        subGroupId: INBOUND_SUBGROUP,
        ticketStatus: 'open',
      });
      const answers = await answersTo(ctx.db, customer.productNumber);
      expect(answers).toHaveLength(1);
      expect(answers[0]).toMatchObject({ channel: 'sms', ticketId });
      // The customer's account speaks Bangla: so does the answer.
      expect(answers[0]?.body).toContain(`টিকিট ${ticketId}`);
    });

    it('creates the account of an unknown number as sign-in would, and files its ticket as that customer', async () => {
      const from = randomProductNumber();
      const reply = await gateway.inbound({ from, text: 'New here: no dial tone' });
      expect(reply.body.data.outcome).toBe('ticket');
      const [account] = await ctx.db.select().from(users).where(eq(users.productNumber, from));
      expect(account).toMatchObject({ userType: 'customer', role: 'user', name: `Customer +${from}` });
      const [ticket] = await ctx.db
        .select()
        .from(tickets)
        .where(eq(tickets.ticketId, reply.body.data.ticket_id ?? 0));
      expect(ticket?.issuerUserId).toBe(account?.id);
      // The next message is a comment on that ticket.
      const next = await gateway.inbound({ from, text: 'Still nothing' });
      expect(next.body.data).toMatchObject({ outcome: 'comment', ticket_id: ticket?.ticketId });
    });

    it('cuts a 10,000-character text and says so', async () => {
      const customer = await buildUser(ctx.db);
      const ticket = await buildTicket(ctx.db, customer);
      const reply = await gateway.inbound({ from: customer.productNumber, text: 'অ'.repeat(10_000) });
      expect(reply.status).toBe(200);
      const [comment] = await commentsOf(ctx.db, ticket.ticketId);
      expect(comment?.message.startsWith('অ'.repeat(SMS_INBOUND_TEXT_MAX_LENGTH))).toBe(true);
      expect(comment?.message).not.toContain('অ'.repeat(SMS_INBOUND_TEXT_MAX_LENGTH + 1));
      // The number's language is its account's (English here).
      expect(comment?.message).toContain('\n\n[The message was longer than 1000 characters; the rest was cut.]');
    });

    it('records an empty text as ignored; a deleted account and a mobile without account as refused, all with 200', async () => {
      const customer = await buildUser(ctx.db);
      const empty = await gateway.inbound({ from: customer.productNumber, text: '   ' });
      expect(empty.body.data).toEqual({ outcome: 'ignored', ticket_id: null, repeat: false });
      const gone = await buildUser(ctx.db);
      await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      const refused = await gateway.inbound({ from: gone.productNumber, text: 'Hello?' });
      expect(refused.body.data).toEqual({ outcome: 'refused', ticket_id: null, repeat: false });
      expect((await inboundFrom(ctx.db, gone.productNumber))[0]?.detail).toBe('auth.accountDisabled');
      const mobile = '8801712000999';
      expect((await gateway.inbound({ from: mobile, text: 'Hello from a mobile' })).body.data.outcome).toBe('refused');
      expect((await inboundFrom(ctx.db, mobile))[0]?.detail).toBe('channels.productNumberOnly');
      expect(await ctx.db.select().from(users).where(eq(users.productNumber, mobile))).toEqual([]);
    });
  },
  { env: { SMS_INBOUND_SUBGROUP: INBOUND_SUBGROUP } },
);

describeWithApp('inbound SMS without a configured subgroup', (ctx) => {
  it('opens its ticket in the first live group by name and its first subgroup', async () => {
    const admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
    const client = await createClient(ctx.app, ctx.db, admin, { scopes: ['channels:inbound'] });
    const later = await buildGroup(ctx.db, { name: 'zeta', subgroups: ['Z'] });
    const first = await buildGroup(ctx.db, { name: 'Alpha', subgroups: ['First', 'Second'] });
    const gateway = gatewayPeer(await listen(ctx.app), client.headers);
    const reply = await gateway.inbound({ from: randomProductNumber(), text: 'Help' });
    const [ticket] = await ctx.db
      .select()
      .from(tickets)
      .where(eq(tickets.ticketId, reply.body.data.ticket_id ?? 0));
    expect(ticket).toMatchObject({ groupId: first.group.id, subGroupId: first.subgroups[0]?.id });
    expect(ticket?.groupId).not.toBe(later.group.id);
  });
});
