/**
 * The logs of a busy session at the most verbose level hold no OTP, no session token, no bot-check
 * solution, no signature of an upload form or report link and no secret of the configuration
 * (ASVS V16.2.5, V14.2.4). Everything the app writes through its logger is captured and searched.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PresignReply } from '@switchboard/shared';
import { describeWithApp } from '../harness.ts';
import { buildUser, lastOtpSentTo, randomProductNumber, signedInAs } from '../factories.ts';
import { buildGroup, buildTicket, postUploadForm, presign, ticketBody } from '../ticket-factories.ts';
import { reportBody } from './access-requests.ts';
import { freshCaptcha } from './bot-check.ts';
import { logLines } from '../log-lines.ts';
import { createClient } from '../api-client-factories.ts';

describe('what the logs keep', () => {
  const { lines, stream } = logLines();
  /** Everything a log reader must never see, with a name for the failure message. */
  const secrets = new Map<string, string>();

  describeWithApp(
    'with logging at trace level',
    (ctx) => {
      const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
        ctx.app.inject({
          method,
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(payload ? { payload } : {}),
        });

      /** Signs in through the OTP flow, remembering every secret on the way. */
      async function signIn(productNumber: string): Promise<string> {
        const otpToken = await freshCaptcha(ctx.config);
        secrets.set('bot-check solution (OTP request)', otpToken);
        await call('POST', '/api/v1/users/generate-otp', null, { product_number: productNumber, token: otpToken });
        const otp = lastOtpSentTo(ctx.app, productNumber);
        secrets.set(`OTP of ${productNumber}`, otp);
        const wrongToken = await freshCaptcha(ctx.config);
        const wrong = otp === '999999' ? '999998' : String(Number(otp) + 1).padStart(6, '0');
        secrets.set('a wrong OTP', wrong);
        await call('POST', '/api/v1/users/login', null, { product_number: productNumber, otp: wrong, token: wrongToken });
        const loginToken = await freshCaptcha(ctx.config);
        secrets.set('bot-check solution (login)', loginToken);
        const reply = await call('POST', '/api/v1/users/login', null, { product_number: productNumber, otp, token: loginToken });
        const token = reply.json<{ auth_token: string }>().auth_token;
        const [, payload = '', signature = ''] = token.split('.');
        secrets.set('session token', token).set('session token claims', payload).set('session token signature', signature);
        return token;
      }

      beforeAll(async () => {
        secrets.set('JWT_SECRET', ctx.config.jwtSecret);
        secrets.set('CAPTCHA_HMAC_KEY', ctx.config.captchaHmacKey);
        secrets.set('storage secret', ctx.config.storageSecret);

        const customer = await signIn(randomProductNumber());
        const staff = await buildUser(ctx.db, { userType: 'cc', role: 'admin' });
        const staffToken = await signIn(staff.productNumber);

        await call('GET', `/?q=${customer}`, null);
        await call('GET', '/api/v1/users/validate-token', customer);
        await call('GET', '/api/v1/users/validate-token', `${customer}x`);

        const granted = (await presign(ctx.app, { authorization: `Bearer ${customer}` }, 'photo.png')).json<PresignReply>();
        secrets.set('upload form signature', granted.data.fields.signature ?? 'missing');
        await postUploadForm(ctx.app, granted.data, Buffer.from('not an image'));
        const group = await buildGroup(ctx.db);
        const ticket = await call('POST', '/api/v1/tickets/issue-ticket', customer, ticketBody(group));
        const ticketId = ticket.json<{ data: { ticket_id: number } }>().data.ticket_id;
        await call('POST', '/api/v1/tickets/add-comment', staffToken, {
          ticket_id: ticketId,
          message: 'Checked',
          is_internal: true,
        });

        const report = await call('POST', '/api/v1/tickets/report', staffToken, reportBody());
        const link = new URL(report.json<{ public_url: string }>().public_url, 'http://localhost');
        secrets.set('report link signature', link.searchParams.get('signature') ?? 'missing');
        await call('GET', `${link.pathname}${link.search}`, null);
        await call(
          'GET',
          `/api/v1/tickets/report/preview?public_url=${encodeURIComponent(`${link.pathname}${link.search}`)}`,
          staffToken,
        );

        // An API client's token: created, used, refused with a wrong secret, refused once revoked.
        const client = await createClient(
          ctx.app,
          ctx.db,
          { authorization: `Bearer ${staffToken}` },
          {
            scopes: ['tickets:read', 'tickets:write'],
          },
        );
        secrets.set('API client token', client.token).set('API client token secret', client.token.slice(-43));
        await call('POST', '/api/v1/tickets/add-comment', client.token, { ticket_id: ticketId, message: 'From the CRM' });
        await call('GET', '/api/v1/tickets/user-type-wise-tickets/1', `${client.token.slice(0, -1)}A`);
        await call('DELETE', `/api/v1/api-clients/${client.id}`, staffToken);
        await call('GET', '/api/v1/tickets/user-type-wise-tickets/1', client.token);
      });

      it('logged the requests at all (the capture works)', () => {
        const log = lines.join('');
        expect(log).toContain('/api/v1/users/login');
        expect(log).toContain('/api/v1/tickets/report');
      });

      it('holds none of the secrets of the session', () => {
        const log = lines.join('');
        // A code is six digits: found only as a number of its own, not inside a timestamp or a duration.
        const appears = (value: string) =>
          /^\d+$/.test(value) ? new RegExp(`(?<![\\d.])${value}(?!\\d)`).test(log) : log.includes(value);
        const leaked = [...secrets].filter(([, value]) => value.length >= 6 && appears(value)).map(([name]) => name);
        expect(leaked).toEqual([]);
        expect(secrets.size).toBeGreaterThanOrEqual(12);
      });

      it('logs a failed statement by its text and error code, never by its values', async () => {
        // A write the database refuses: the comment's text is the insert's parameter, and the
        // driver's detail ("Failing row contains …") would repeat it.
        const text = 'Private words of a customer, written to jane.doe@example.com';
        await ctx.db.execute(
          sql`alter table comments add constraint no_private_words check (message not like '%Private words%')`,
        );
        const from = lines.length;
        try {
          const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
          const ticket = await buildTicket(ctx.db, customer.user);
          const reply = await call('POST', '/api/v1/tickets/add-comment', customer.token, {
            ticket_id: ticket.ticketId,
            message: text,
          });
          expect(reply.statusCode).toBe(500);
        } finally {
          await ctx.db.execute(sql`alter table comments drop constraint no_private_words`);
        }
        const log = lines.slice(from).join('');
        expect(log).toContain('23514');
        expect(log).toContain('insert into \\"comments\\"');
        expect(log).not.toContain('Private words of a customer');
        expect(log).not.toContain('jane.doe@example.com');
        expect(log).not.toMatch(/"(params|parameters|detail|where)"/);
      });

      it('holds no authorization header and no request body', () => {
        const log = lines.join('');
        expect(log).not.toMatch(/authorization/i);
        expect(log).not.toContain('Bearer');
        expect(log).not.toContain('"product_number"');
      });
    },
    { logger: { level: 'trace', stream } },
  );
});
