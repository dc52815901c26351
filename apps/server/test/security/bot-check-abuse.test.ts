/**
 * Abuse of the bot check at sign-in (ASVS V2.4.1): a solution is accepted once, even when replayed
 * in parallel or on the other call, and only in the flow its challenge named.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { otpCodes } from '../../src/db/schema.ts';
import { describeWithApp } from '../harness.ts';
import { lastOtpSentTo, randomProductNumber } from '../factories.ts';
import { buildGroup, ticketBody } from '../ticket-factories.ts';
import { freshCaptcha } from './bot-check.ts';
import { address, calls } from './sign-in-calls.ts';

describeWithApp('bot-check replay', (ctx) => {
  const { requestOtp, login } = calls(ctx);

  it('accepts one solution once across both calls', async () => {
    const token = await freshCaptcha(ctx.config);
    const number = randomProductNumber();
    expect((await requestOtp(number, address(400), token)).statusCode).toBe(200);
    const replayed = await login(number, lastOtpSentTo(ctx.app, number), address(401), token);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'captcha_failed' });
  });

  it('accepts one solution once when replayed in parallel', async () => {
    const token = await freshCaptcha(ctx.config);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => requestOtp(randomProductNumber(), address(410 + i), token)),
    );
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.json<{ code?: string }>().code === 'captcha_failed')).toHaveLength(11);
  });

  it('refuses a solution whose challenge has expired', async () => {
    const token = await freshCaptcha(ctx.config);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60 * 1000 });
    try {
      const reply = await requestOtp(randomProductNumber(), address(430), token);
      expect(reply.json()).toMatchObject({ code: 'captcha_failed' });
    } finally {
      vi.useRealTimers();
    }
  });

  describe('leaves no trace of a refused call', () => {
    it('stores no code when the bot check fails', async () => {
      const number = randomProductNumber();
      await requestOtp(number, address(440), 'e30=');
      const rows = await ctx.db.select().from(otpCodes).where(eq(otpCodes.productNumber, number));
      expect(rows).toEqual([]);
    });
  });
});

describeWithApp('one bot check per flow', (ctx) => {
  const { requestOtp } = calls(ctx);

  it("refuses the public form's solution at sign-in and sign-in's solution at the public form", async () => {
    const publicSolution = await freshCaptcha(ctx.config, 'public');
    const refused = await requestOtp(randomProductNumber(), address(450), publicSolution);
    expect(refused.json()).toMatchObject({ code: 'captcha_failed' });
    const group = await buildGroup(ctx.db);
    const submit = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket/public',
        remoteAddress: address(451),
        payload: { ...ticketBody(group), client_email: 'karim@example.com', token },
      });
    expect((await submit(await freshCaptcha(ctx.config, 'sign-in'))).json()).toMatchObject({ code: 'captcha_failed' });
    expect((await submit(await freshCaptcha(ctx.config, 'public'))).statusCode).toBe(201);
  });

  it('names the flow in the challenge it serves, signed with it', async () => {
    const challenge = async (query: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/captcha/challenge${query}` })).json<{
        parameters: { data?: { flow?: string } };
      }>();
    expect((await challenge('?flow=sign-in')).parameters.data?.flow).toBe('sign-in');
    expect((await challenge('')).parameters.data?.flow).toBe('public');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge?flow=other' })).statusCode).toBe(400);
  });
});
