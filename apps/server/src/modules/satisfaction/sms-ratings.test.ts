/**
 * Ratings by SMS (DESIGN.md §25), through the gateway's inbound callback over HTTP: a digit 1–5
 * (Bangla ১–৫ too) within three days of the question rates the ticket last asked of that very
 * number and is thanked; a second answer changes nothing and is told so once; anything else, or a
 * digit without a question, is filed as before. A low rating reaches the holding department live.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createClient } from '../../../test/api-client-factories.ts';
import { randomProductNumber, signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildGroup, buildTicket } from '../../../test/ticket-factories.ts';
import { ratingQuestions } from '../../db/schema.ts';
import { answersTo, gatewayPeer, type GatewayPeer } from '../channels/sms-gateway.test-support.ts';
import { listen, openEventStream } from '../events/events.test-support.ts';
import { rateAuditOf, ratingCalls, ratingOf } from './satisfaction.test-support.ts';
import { ratedSms } from './survey-messages.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithApp(
  'rating by SMS',
  (ctx) => {
    let gateway: GatewayPeer;
    let gatewayAccount = '';
    let baseUrl = '';
    const staffOf = (userType: 'cc' | 'rs' | 'iptsp') => signedInAs(ctx.app, ctx.db, { userType });

    beforeAll(async () => {
      const admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
      const client = await createClient(ctx.app, ctx.db, admin, { scopes: ['channels:inbound'] });
      gatewayAccount = client.accountId;
      baseUrl = await listen(ctx.app);
      gateway = gatewayPeer(baseUrl, client.headers);
      await buildGroup(ctx.db, { name: 'Inbound' });
    });

    /** A ticket of `customer` held by `holder`, resolved by its staff and asked about (CSAT_DELAY_MINUTES=0). */
    async function askedTicket(customer: Awaited<ReturnType<typeof signedInAs>>, holder: 'cc' | 'rs' = 'cc') {
      const ticket = await buildTicket(ctx.db, customer.user, { issuedTo: holder });
      const staff = await staffOf(holder);
      expect((await ratingCalls(ctx.app).resolve(staff.headers, ticket.ticketId)).statusCode).toBe(200);
      expect(await ctx.app.satisfactionAsker.runOnce()).toBe(1);
      return ticket;
    }

    const bodiesTo = async (number: string) => (await answersTo(ctx.db, number)).map((row) => row.body);

    it('rates the ticket last asked of the number, thanks once, and tells a second answer once that the first stands', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const number = customer.user.productNumber;
      const language = customer.user.language;
      await askedTicket(customer);
      await sleep(5);
      const latest = await askedTicket(customer);

      const first = await gateway.inbound({ from: number, text: '  4 ' }, 'get');
      expect(first.body.data).toEqual({ outcome: 'rating', ticket_id: latest.ticketId, repeat: false });
      expect(await ratingOf(ctx.db, latest.ticketId)).toMatchObject({ score: 4, channel: 'sms', department: 'cc' });
      const thanks = ratedSms('Acme Net', latest.ticketId, language, false);
      expect(await bodiesTo(number)).toEqual([thanks]);

      const second = await gateway.inbound({ from: number, text: '5' });
      expect(second.body.data).toMatchObject({ outcome: 'rating', ticket_id: latest.ticketId });
      const third = await gateway.inbound({ from: number, text: '1' });
      expect(third.body.data).toMatchObject({ outcome: 'rating', ticket_id: latest.ticketId });
      expect(await ratingOf(ctx.db, latest.ticketId)).toMatchObject({ score: 4 });
      expect(await bodiesTo(number)).toEqual([thanks, ratedSms('Acme Net', latest.ticketId, language, true)]);

      const audit = await rateAuditOf(ctx.db, latest.ticketId);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorUserId: gatewayAccount, details: { score: 4, channel: 'sms' } });
    });

    it('reads Bangla digits', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const ticket = await askedTicket(customer);
      const reply = await gateway.inbound({ from: customer.user.productNumber, text: ' ৩ ' });
      expect(reply.body.data).toMatchObject({ outcome: 'rating', ticket_id: ticket.ticketId });
      expect(await ratingOf(ctx.db, ticket.ticketId)).toMatchObject({ score: 3, channel: 'sms' });
    });

    it('files anything else as before: another text, a digit of no question, a digit after three days', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const ticket = await askedTicket(customer);
      for (const text of ['6', '45', '4 stars', '০'])
        expect((await gateway.inbound({ from: customer.user.productNumber, text })).body.data.outcome, text).toBe('comment');
      expect(await ratingOf(ctx.db, ticket.ticketId)).toBeUndefined();

      const stranger = randomProductNumber();
      expect((await gateway.inbound({ from: stranger, text: '5' })).body.data.outcome).toBe('ticket');

      const late = await signedInAs(ctx.app, ctx.db);
      const old = await askedTicket(late);
      await ctx.db
        .update(ratingQuestions)
        .set({ askedAt: sql`now() - interval '4 days'` })
        .where(eq(ratingQuestions.ticketId, old.ticketId));
      expect((await gateway.inbound({ from: late.user.productNumber, text: '5' })).body.data.outcome).toBe('comment');
      expect(await ratingOf(ctx.db, old.ticketId)).toBeUndefined();
    });

    it('never rates a ticket whose question went to another number', async () => {
      const asked = await signedInAs(ctx.app, ctx.db);
      const ticket = await askedTicket(asked);
      const other = await signedInAs(ctx.app, ctx.db);
      expect((await gateway.inbound({ from: other.user.productNumber, text: '1' })).body.data.outcome).toBe('ticket');
      expect(await ratingOf(ctx.db, ticket.ticketId)).toBeUndefined();
    });

    it('tells a low rating live to the staff who act for the holder, and to nobody else', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const [rs, cc, iptsp] = [await staffOf('rs'), await staffOf('cc'), await staffOf('iptsp')];
      const ticket = await askedTicket(customer, 'rs');
      const streams = await Promise.all([rs, cc, iptsp, customer].map((viewer) => openEventStream(baseUrl, viewer.token)));
      try {
        await gateway.inbound({ from: customer.user.productNumber, text: '২' });
        const lowRating = { event: 'ticket.rated_low', data: { ticket_id: ticket.ticketId, score: 2 } };
        const heard = (stream: (typeof streams)[number]) =>
          stream.events.some((event) => JSON.stringify(event) === JSON.stringify(lowRating));
        for (const stream of streams.slice(0, 2)) await stream.until(heard);
        await sleep(300);
        expect(streams.slice(2).map(heard)).toEqual([false, false]);
        expect(await ratingOf(ctx.db, ticket.ticketId)).toMatchObject({ score: 2, department: 'rs' });
      } finally {
        for (const stream of streams) stream.close();
      }
    });
  },
  { env: { BRAND_NAME: 'Acme Net', CSAT_DELAY_MINUTES: '0', SMS_QUIET_HOURS: 'off' } },
);
