import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { displayNumber, type OutageStatusReply } from '@switchboard/shared';
import { statusChecks } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs, solveCaptcha } from '../../../test/factories.ts';
import { buildArea, buildAreaIncident, buildSubscriber, randomSubscriberNumber } from '../../../test/outage-factories.ts';

/** What the public types after +88: `01…`. */
const typed = (stored: string) => stored.slice(2);

describeWithApp(
  'the status of a number before a ticket',
  (ctx) => {
    let addresses = 0;
    const nextAddress = () => {
      addresses += 1;
      return `10.30.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
    };
    const check = async (
      number: string,
      options: { token?: string | null; headers?: Record<string, string>; remoteAddress?: string } = {},
    ) => {
      const token = options.token === undefined ? await solveCaptcha(ctx.app, 'status') : options.token;
      const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
      return ctx.app.inject({
        method: 'GET',
        url: `/api/v1/status/${encodeURIComponent(number)}${query}`,
        headers: options.headers,
        remoteAddress: options.remoteAddress ?? nextAddress(),
      });
    };
    const checksOf = (number: string) => ctx.db.select().from(statusChecks).where(eq(statusChecks.number, number));

    it("tells a number in an affected area since when and the incident's public note, and records the check", async () => {
      const area = await buildArea(ctx.db);
      const number = await buildSubscriber(ctx.db, area, { name: 'Rahim Uddin' });
      const since = new Date(Date.now() - 3_600_000);
      const incident = await buildAreaIncident(ctx.db, ['OTHER', area], { createdAt: since, publicNote: 'Fibre cut at Mirpur' });
      const reply = await check(typed(number));
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.json<OutageStatusReply>()).toEqual({
        data: { outage: { since: since.toISOString(), public_note: 'Fibre cut at Mirpur' } },
      });
      expect(reply.body).not.toContain('Rahim');
      expect(await checksOf(number)).toMatchObject([{ outageShown: true, incidentId: incident }]);
    });

    it('answers an unknown number, a suspended subscriber and a number without an outage alike', async () => {
      const quiet = await buildArea(ctx.db);
      const struck = await buildArea(ctx.db);
      await buildAreaIncident(ctx.db, [struck]);
      await buildAreaIncident(ctx.db, [quiet], { resolvedAt: new Date(), createdAt: new Date(Date.now() - 60_000) });
      const numbers = [
        randomSubscriberNumber(),
        await buildSubscriber(ctx.db, struck, { status: 'suspended', name: 'Karim Suspended' }),
        await buildSubscriber(ctx.db, quiet, { name: 'Nadia Quiet' }),
      ];
      const replies = await Promise.all(numbers.map((number) => check(typed(number))));
      for (const reply of replies) {
        expect(reply.statusCode).toBe(200);
        expect(reply.body).toBe(JSON.stringify({ data: { outage: null } }));
      }
      for (const number of numbers) expect(await checksOf(number)).toMatchObject([{ outageShown: false, incidentId: null }]);
    });

    describe('the bot check', () => {
      it('refuses a check without a token (400) and records nothing', async () => {
        const number = randomSubscriberNumber();
        const reply = await check(typed(number), { token: null });
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toMatchObject({ code: 'validation', details: { token: expect.any(String) } });
        expect(await checksOf(number)).toEqual([]);
      });

      it('refuses a token that is no solution, and a solution of another flow', async () => {
        for (const token of ['not-a-solution', await solveCaptcha(ctx.app, 'public'), await solveCaptcha(ctx.app, 'sign-in')]) {
          const reply = await check(typed(randomSubscriberNumber()), { token });
          expect(reply.statusCode).toBe(400);
          expect(reply.json()).toMatchObject({ code: 'captcha_failed' });
        }
      });

      it('accepts a solution once: a reused token is refused', async () => {
        const token = await solveCaptcha(ctx.app, 'status');
        expect((await check(typed(randomSubscriberNumber()), { token })).statusCode).toBe(200);
        const number = randomSubscriberNumber();
        const again = await check(typed(number), { token });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toMatchObject({ code: 'captcha_failed', message: expect.stringMatching(/already used/) });
        expect(await checksOf(number)).toEqual([]);
      });

      it('lets signed-in staff ask without a token (the internal create form), and nobody else', async () => {
        const area = await buildArea(ctx.db);
        const number = await buildSubscriber(ctx.db, area);
        await buildAreaIncident(ctx.db, [area]);
        const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
        const reply = await check(typed(number), { token: null, headers: staff.headers });
        expect(reply.statusCode).toBe(200);
        expect(reply.json<OutageStatusReply>().data.outage).not.toBeNull();
        for (const userType of ['customer', 'agent'] as const) {
          const other = await signedInAs(ctx.app, ctx.db, { userType });
          expect((await check(typed(number), { token: null, headers: other.headers })).statusCode).toBe(400);
        }
      });

      it('refuses a bad session without a token (401) and ignores it beside a solved bot check', async () => {
        const headers = { authorization: 'Bearer not-a-token' };
        expect((await check(typed(randomSubscriberNumber()), { token: null, headers })).statusCode).toBe(401);
        expect((await check(typed(randomSubscriberNumber()), { headers })).statusCode).toBe(200);
      });
    });

    it.each([['12345'], ['01712345678; drop table'], ['<script>'], ['0'.repeat(40)]])(
      'refuses the number %s (400)',
      async (number) => {
        const reply = await check(number);
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toMatchObject({ code: 'validation' });
      },
    );

    it('never names the subscriber, the plan or a ticket', async () => {
      const area = await buildArea(ctx.db);
      const number = await buildSubscriber(ctx.db, area, { name: 'Secret Person' });
      await buildAreaIncident(ctx.db, [area], { publicNote: null });
      const reply = await check(typed(number));
      expect(Object.keys(reply.json<OutageStatusReply>().data.outage ?? {}).sort()).toEqual(['public_note', 'since']);
      expect(reply.body).not.toMatch(/Secret|Home 20|ticket/);
      expect(reply.body).not.toContain(displayNumber(number));
    });
  },
  { env: { STATUS_IP_LIMIT_PER_HOUR: '1000' } },
);

describeWithApp(
  'the limit of status checks per address',
  (ctx) => {
    it('refuses the checks of one address beyond its hourly limit with a clear 429, others go on', async () => {
      const ask = async (remoteAddress: string) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/v1/status/${randomSubscriberNumber().slice(2)}?token=${encodeURIComponent(await solveCaptcha(ctx.app, 'status'))}`,
          remoteAddress,
        });
      expect((await ask('192.0.2.10')).statusCode).toBe(200);
      expect((await ask('192.0.2.10')).statusCode).toBe(200);
      const refused = await ask('192.0.2.10');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/Too many status checks/) });
      expect((await ask('192.0.2.11')).statusCode).toBe(200);
    });
  },
  { env: { STATUS_IP_LIMIT_PER_HOUR: '2' } },
);
