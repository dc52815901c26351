/**
 * The satisfaction question (DESIGN.md §25) from a person's resolve to the issuer's phone and
 * mailbox, through the outbox, a loopback SMS gateway and a real SMTP peer: once per ticket after
 * the delay however many workers look, never for an incident's resolve-all, skipped after a
 * reopen or STOP, held back by quiet hours, and nothing at all with CSAT off.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Incident } from '@switchboard/shared';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp, type TestContext } from '../../../test/harness.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import type { QuietHours } from '../../config.ts';
import { createHttpSms } from '../../lib/sms.ts';
import { incidentCalls } from '../incidents/incidents.test-support.ts';
import { startSmsGateway, startSmtpPeer } from '../notifications/notifications.test-support.ts';
import { createSatisfactionAsker } from './satisfaction-asker.ts';
import { inMinutes, linksOf, optOut, questionOf, ratingCalls, surveysOf } from './satisfaction.test-support.ts';

const gateway = await startSmsGateway();
const smtp = await startSmtpPeer();
afterAll(async () => {
  await gateway.close();
  await smtp.close();
});

const silentLog = pino({ level: 'silent' });

/** A worker of another process on the same database, with its own clock. */
function askerOf(ctx: TestContext, now: Date, quietHours: QuietHours | null = null) {
  return createSatisfactionAsker({
    db: ctx.db,
    settings: ctx.app.deps.tell,
    satisfaction: ctx.config.satisfaction,
    quietHours,
    timezone: 'Asia/Dhaka',
    outbox: ctx.app.deps.tell.outbox,
    log: silentLog,
    now: () => now,
  });
}

/** The questions the gateway took for a number (its resolve notice went there too). */
const questionsTo = (number: string) =>
  gateway.delivered.filter((message) => message.to === number && /\b1\b.*\b5\b/.test(message.text));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithApp(
  'the satisfaction question',
  (ctx) => {
    let staff: Awaited<ReturnType<typeof signedInAs>>;
    beforeAll(async () => {
      staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    });

    /** A customer's ticket, resolved by cc staff through the API. */
    async function resolvedTicket() {
      const customer = await signedInAs(ctx.app, ctx.db);
      const ticket = await buildTicket(ctx.db, customer.user);
      expect((await ratingCalls(ctx.app).resolve(staff.headers, ticket.ticketId)).statusCode).toBe(200);
      return { customer, ticket };
    }

    it('reaches the gateway exactly once after the delay, however many workers look', async () => {
      const { customer, ticket } = await resolvedTicket();
      const number = customer.user.productNumber;
      expect(await questionOf(ctx.db, ticket.ticketId)).toMatchObject({ status: 'waiting', askedAt: null });

      expect(await askerOf(ctx, new Date()).runOnce()).toBe(0);
      const later = inMinutes(31);
      const asked = await Promise.all([askerOf(ctx, later).runOnce(), askerOf(ctx, later).runOnce()]);
      expect(asked.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(await askerOf(ctx, inMinutes(60)).runOnce()).toBe(0);

      await expect.poll(() => questionsTo(number).length, { timeout: 5000 }).toBe(1);
      await sleep(300);
      expect(questionsTo(number)).toHaveLength(1);
      expect(questionsTo(number)[0]?.text).toContain(`#${ticket.ticketId}`);
      expect(await questionOf(ctx.db, ticket.ticketId)).toMatchObject({ status: 'asked', smsTo: number });
      expect((await surveysOf(ctx.db, ticket.ticketId)).map((row) => row.channel)).toEqual(['sms']);
    });

    it('asks in the issuer’s language', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const ticket = await buildTicket(ctx.db, customer.user);
      await ctx.db.execute(`update users set language = 'en' where id = '${customer.user.id}'`);
      await ratingCalls(ctx.app).resolve(staff.headers, ticket.ticketId);
      await askerOf(ctx, inMinutes(31)).runOnce();
      const [sms] = await surveysOf(ctx.db, ticket.ticketId);
      expect(sms?.body).toBe(`Acme Net: your ticket #${ticket.ticketId} was resolved. How did we do? Reply 1 (bad) to 5 (great)`);
    });

    it('asks once per ticket, even when it is resolved again after a reopen', async () => {
      const { customer, ticket } = await resolvedTicket();
      await askerOf(ctx, inMinutes(31)).runOnce();
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/add-comment',
        headers: customer.headers,
        payload: { ticket_id: ticket.ticketId, message: 'Still down', attachments: [] },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      expect((await ratingCalls(ctx.app).resolve(staff.headers, ticket.ticketId)).statusCode).toBe(200);
      await askerOf(ctx, inMinutes(70)).runOnce();
      expect(await surveysOf(ctx.db, ticket.ticketId)).toHaveLength(1);
    });

    it('never asks after an incident’s resolve-all', async () => {
      const customer = await signedInAs(ctx.app, ctx.db);
      const ticket = await buildTicket(ctx.db, customer.user);
      const created = await incidentCalls(ctx.app).create(staff.headers, { title: 'Cut', ticket_ids: [ticket.ticketId] });
      const incident = created.json<{ data: Incident }>().data;
      expect((await incidentCalls(ctx.app).resolve(staff.headers, incident.id)).statusCode).toBe(200);
      expect(await questionOf(ctx.db, ticket.ticketId)).toBeUndefined();
    });

    it('skips a ticket reopened before the question was due', async () => {
      const { customer, ticket } = await resolvedTicket();
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/add-comment',
        headers: customer.headers,
        payload: { ticket_id: ticket.ticketId, message: 'It broke again', attachments: [] },
      });
      expect(await askerOf(ctx, inMinutes(31)).runOnce()).toBe(0);
      expect(await questionOf(ctx.db, ticket.ticketId)).toMatchObject({ status: 'skipped', skipReason: 'reopened' });
      expect(await surveysOf(ctx.db, ticket.ticketId)).toEqual([]);
    });

    it('skips a number that answered STOP', async () => {
      const { customer, ticket } = await resolvedTicket();
      await optOut(ctx.db, customer.user.productNumber);
      expect(await askerOf(ctx, inMinutes(31)).runOnce()).toBe(0);
      expect(await questionOf(ctx.db, ticket.ticketId)).toMatchObject({ status: 'skipped', skipReason: 'opted_out' });
      expect(await surveysOf(ctx.db, ticket.ticketId)).toEqual([]);
    });

    it('waits out quiet hours and asks when they end', async () => {
      const { ticket } = await resolvedTicket();
      // 23:30 in Dhaka, a day ahead (past the delay); quiet hours 22–8 end at 02:00 UTC.
      const night = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 10, 17, 30));
      const morning = new Date(Date.UTC(night.getUTCFullYear(), 0, 11, 2, 0));
      const quiet = { startHour: 22, endHour: 8 };
      expect(await askerOf(ctx, night, quiet).runOnce()).toBe(0);
      expect(await questionOf(ctx.db, ticket.ticketId)).toMatchObject({ status: 'waiting', dueAt: morning });
      expect(await askerOf(ctx, new Date(morning.getTime() - 1000), quiet).runOnce()).toBe(0);
      expect(await askerOf(ctx, morning, quiet).runOnce()).toBe(1);
      expect(await surveysOf(ctx.db, ticket.ticketId)).toHaveLength(1);
    });

    it('mails a public-form ticket five one-tap links that rate it once', async () => {
      const address = `rater-${ctx.kind}@example.com`;
      const ticket = await buildTicket(ctx.db, null, { clientEmail: address });
      await ratingCalls(ctx.app).resolve(staff.headers, ticket.ticketId);
      expect(await askerOf(ctx, inMinutes(31)).runOnce()).toBe(1);
      const surveys = () => smtp.delivered.filter((mail) => mail.to.includes(address) && mail.raw.includes('/rate?'));
      await expect.poll(() => surveys().length, { timeout: 5000 }).toBe(1);
      const [mail] = surveys();
      const { links, token } = linksOf(mail?.raw ?? '');
      expect(links).toEqual(['1', '2', '3', '4', '5']);
      expect(await questionOf(ctx.db, ticket.ticketId)).toMatchObject({ status: 'asked', smsTo: null });

      const rated = await ratingCalls(ctx.app).rate(token, 4);
      expect(rated.statusCode, rated.body).toBe(200);
      expect(rated.json()).toMatchObject({ data: { ticket_id: ticket.ticketId, score: 4 } });
      expect(rated.headers['set-cookie']).toBeUndefined();
    });
  },
  {
    env: { BRAND_NAME: 'Acme Net', PUBLIC_URL: 'https://desk.example', SMTP_URL: smtp.url, SMS_QUIET_HOURS: 'off' },
    sms: createHttpSms({
      driver: 'http',
      url: gateway.url,
      method: 'GET',
      authHeader: undefined,
      body: undefined,
      timeoutMs: 2000,
    }),
  },
);

describeWithApp(
  'CSAT=off',
  (ctx) => {
    it('writes no question after a resolve', async () => {
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const customer = await signedInAs(ctx.app, ctx.db);
      const ticket = await buildTicket(ctx.db, customer.user);
      expect((await ratingCalls(ctx.app).resolve(staff.headers, ticket.ticketId)).statusCode).toBe(200);
      expect(await questionOf(ctx.db, ticket.ticketId)).toBeUndefined();
      expect(await ctx.app.satisfactionAsker.runOnce()).toBe(0);
    });
  },
  { env: { CSAT: 'off' } },
);
