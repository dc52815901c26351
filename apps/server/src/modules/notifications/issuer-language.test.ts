/**
 * The issuer is told in their language (DESIGN.md §16): an account holder in the language they
 * last signed in, raised a ticket or commented in; the public form's submitter in the form's.
 * The language comes from Accept-Language, and no header, however bad, is ever an error.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import type { IssueTicketReply, Language } from '@switchboard/shared';
import { tickets, users } from '../../db/schema.ts';
import { describeWithApp, type TestContext } from '../../../test/harness.ts';
import { lastOtpSentTo, randomProductNumber, signedInAs, solveCaptcha } from '../../../test/factories.ts';
import { buildGroup, buildTicket, ticketBody } from '../../../test/ticket-factories.ts';
import { workflowCalls } from '../forwarding/forwarding.test-support.ts';
import { findLiveUserByNumber, type UserRow } from '../users/users.repository.ts';
import { outboxOf, startSmtpPeer } from './notifications.test-support.ts';

const smtp = await startSmtpPeer();
afterAll(() => smtp.close());

type Headers = Record<string, string>;

const BAD_HEADERS: [string, string][] = [
  ['an unknown language', 'xx'],
  ['garbage', ';;q=,,\t*;q=abc, -bn-, bn;q=7'],
  ['a huge header', `${'xx-YY;q=0.9, '.repeat(600)}bn`],
];

/** Signs in through the real OTP flow with `headers` on both calls, as the web app sends them. */
async function signInWith(
  ctx: TestContext,
  productNumber: string,
  headers: Headers,
): Promise<{ user: UserRow; headers: Headers }> {
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/generate-otp',
    headers,
    payload: { product_number: productNumber, token: await solveCaptcha(ctx.app, 'sign-in') },
  });
  expect(sent.statusCode).toBe(200);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    headers,
    payload: {
      product_number: productNumber,
      otp: lastOtpSentTo(ctx.app, productNumber),
      token: await solveCaptcha(ctx.app, 'sign-in'),
    },
  });
  expect(login.statusCode).toBe(200);
  const user = await findLiveUserByNumber(ctx.db, productNumber);
  if (!user) throw new Error('signed in, but no account');
  return { user, headers: { ...headers, authorization: `Bearer ${login.json<{ auth_token: string }>().auth_token}` } };
}

const inLanguage = (language: Language): Headers => ({ 'accept-language': language });

function staffReply(ctx: TestContext, headers: Headers, ticketId: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/add-comment',
    headers,
    payload: { ticket_id: ticketId, message: 'We are checking the line.', is_internal: false },
  });
}

async function submitPublicTicket(ctx: TestContext, headers: Headers): Promise<{ ticketId: number; address: string }> {
  // An address of this run alone: the SMTP peer serves the runs on both databases.
  const address = `nasrin-${randomUUID().slice(0, 8)}@example.com`;
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/issue-ticket/public',
    headers,
    payload: { ...ticketBody(await buildGroup(ctx.db)), client_email: address, token: await solveCaptcha(ctx.app) },
  });
  expect(reply.statusCode).toBe(201);
  return { ticketId: reply.json<IssueTicketReply>().data.ticket_id, address };
}

const bodiesOf = async (ctx: TestContext, ticketId: number) =>
  (await outboxOf(ctx.db, ticketId)).map((row) => `${row.kind}:${row.channel}: ${row.body}`);

const languageOf = async (ctx: TestContext, userId: string) =>
  (await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]?.language;

const link = (ticketId: number) => `https://desk.example/view-ticket?id=${ticketId}`;

describeWithApp(
  'telling the issuer in their language',
  (ctx) => {
    it('writes the sign-in code in the language of the screen that asked for it, and in English without one', async () => {
      const asked = async (headers: Headers) => {
        const number = randomProductNumber();
        const sent = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/users/generate-otp',
          headers,
          payload: { product_number: number, token: await solveCaptcha(ctx.app, 'sign-in') },
        });
        expect(sent.statusCode).toBe(200);
        const code = lastOtpSentTo(ctx.app, number);
        const text = ctx.app.deps.sms.outbox().find((m) => m.to === number && m.purpose === 'code')?.text;
        return text?.replace(code, '<code>');
      };
      expect(await asked(inLanguage('bn'))).toBe('আপনার Acme Net OTP হলো <code>। এটি 5 মিনিট পর্যন্ত কাজ করবে।');
      expect(await asked(inLanguage('en'))).toBe('Your Acme Net OTP is <code>. It is valid for 5 minutes.');
      expect(await asked({})).toBe('Your Acme Net OTP is <code>. It is valid for 5 minutes.');
      for (const [, header] of BAD_HEADERS) {
        expect(await asked({ 'accept-language': header })).toBe('Your Acme Net OTP is <code>. It is valid for 5 minutes.');
      }
    });

    it('tells a customer who signed in in Bangla of a staff reply and a resolve by SMS in Bangla', async () => {
      const customer = await signInWith(ctx, randomProductNumber(), inLanguage('bn'));
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const { ticketId } = await buildTicket(ctx.db, customer.user);
      expect((await staffReply(ctx, staff.headers, ticketId)).statusCode).toBe(201);
      expect((await workflowCalls(ctx.app).resolve(staff.headers, ticketId)).statusCode).toBe(200);
      expect(await bodiesOf(ctx, ticketId)).toEqual([
        `reply:sms: Acme Net: আপনার টিকিট ${ticketId}-এ নতুন উত্তর এসেছে। ${link(ticketId)}`,
        `resolved:sms: Acme Net: আপনার টিকিট ${ticketId}-এর সমাধান হয়েছে। ${link(ticketId)}`,
      ]);
    });

    it('tells in English again once the customer signs in in English, whatever the ticket was raised in', async () => {
      const number = randomProductNumber();
      const inBangla = await signInWith(ctx, number, inLanguage('bn'));
      const raised = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers: inBangla.headers,
        payload: ticketBody(await buildGroup(ctx.db)),
      });
      expect(raised.statusCode).toBe(201);
      const ticketId = raised.json<IssueTicketReply>().data.ticket_id;
      expect((await ctx.db.select().from(tickets).where(eq(tickets.ticketId, ticketId)))[0]?.issuerLanguage).toBe('bn');

      await signInWith(ctx, number, inLanguage('en'));
      expect(await languageOf(ctx, inBangla.user.id)).toBe('en');
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      expect((await workflowCalls(ctx.app).resolve(staff.headers, ticketId)).statusCode).toBe(200);
      expect(await bodiesOf(ctx, ticketId)).toEqual([
        `resolved:sms: Acme Net: your ticket #${ticketId} was resolved. ${link(ticketId)}`,
      ]);
    });

    it('follows the language the customer last commented in', async () => {
      const customer = await signInWith(ctx, randomProductNumber(), inLanguage('en'));
      const { ticketId } = await buildTicket(ctx.db, customer.user);
      const comment = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/add-comment',
        headers: { ...customer.headers, ...inLanguage('bn') },
        payload: { ticket_id: ticketId, message: 'এখনও ইন্টারনেট চলছে না।', is_internal: false },
      });
      expect(comment.statusCode).toBe(201);
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      await staffReply(ctx, staff.headers, ticketId);
      expect(await bodiesOf(ctx, ticketId)).toEqual([
        `reply:sms: Acme Net: আপনার টিকিট ${ticketId}-এ নতুন উত্তর এসেছে। ${link(ticketId)}`,
      ]);
    });

    it('answers a public-form ticket raised in Bangla with a Bangla receipt and Bangla news', async () => {
      const { ticketId, address } = await submitPublicTicket(ctx, { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' });
      const [receipt] = await outboxOf(ctx.db, ticketId);
      expect(receipt).toMatchObject({ kind: 'receipt', recipient: address });
      expect(receipt?.subject).toBe(`Acme Net সাপোর্ট: আপনার টিকিট আমরা পেয়েছি [#${ticketId}]`);
      expect(receipt?.body).toContain(`টিকিট নম্বর: ${ticketId}`);
      expect(receipt?.body).toMatch(/^প্রিয় গ্রাহক,\n\n/);

      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      expect((await workflowCalls(ctx.app).resolve(staff.headers, ticketId)).statusCode).toBe(200);
      const resolved = (await outboxOf(ctx.db, ticketId)).find((row) => row.kind === 'resolved');
      expect(resolved).toMatchObject({ channel: 'email', recipient: address });
      expect(resolved?.subject).toBe(`Acme Net সাপোর্ট: আপনার টিকিটের সমাধান হয়েছে [#${ticketId}]`);
      expect(resolved?.body).toContain(`Acme Net সাপোর্টে আপনার টিকিট ${ticketId}-এর সমাধান হয়েছে।`);
      expect(resolved?.body).not.toContain('view-ticket');

      // The Bangla leaves the desk intact: the SMTP peer gets it as UTF-8.
      await vi.waitFor(() => expect(smtp.delivered.filter((mail) => mail.to.includes(address))).toHaveLength(2), {
        timeout: 15_000,
      });
      const subjects = smtp.delivered.filter((mail) => mail.to.includes(address)).map((mail) => subjectOf(mail.raw));
      expect(subjects).toContain(`Acme Net সাপোর্ট: আপনার টিকিটের সমাধান হয়েছে [#${ticketId}]`);
    });

    it('writes in English without the header, for the public form and for an account', async () => {
      const { ticketId } = await submitPublicTicket(ctx, {});
      const [receipt] = await outboxOf(ctx.db, ticketId);
      expect(receipt?.subject).toBe(`Acme Net support: we received your ticket [#${ticketId}]`);

      const customer = await signInWith(ctx, randomProductNumber(), {});
      expect(await languageOf(ctx, customer.user.id)).toBe('en');
    });

    it.each(BAD_HEADERS)('takes %s for English and never fails over it', async (_what, header) => {
      const headers = { 'accept-language': header };
      const customer = await signInWith(ctx, randomProductNumber(), inLanguage('bn'));
      // Signing in again with the bad header: English, not the Bangla of before, and no error.
      await signInWith(ctx, customer.user.productNumber, headers);
      expect(await languageOf(ctx, customer.user.id)).toBe('en');

      const { ticketId } = await submitPublicTicket(ctx, headers);
      expect((await outboxOf(ctx.db, ticketId))[0]?.subject).toBe(`Acme Net support: we received your ticket [#${ticketId}]`);
      const [stored] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
      expect(stored?.issuerLanguage).toBe('en');
    });
  },
  {
    env: {
      BRAND_NAME: 'Acme Net',
      PUBLIC_URL: 'https://desk.example',
      SMTP_URL: smtp.url,
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      PUBLIC_TICKET_IP_LIMIT_PER_HOUR: '100',
    },
  },
);

/** The Subject header of a raw message, its folded lines joined and its RFC 2047 words decoded. */
function subjectOf(raw: string): string {
  const folded = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
  return folded
    .replace(/\?=\r?\n[ \t]+=\?/g, '?==?')
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
