/**
 * Abuse of the sign-in calls (ASVS V6.3.1, V6.6.3, V2.4.1): OTP guessing spread over resends,
 * addresses and parallel requests stays inside the per-code, per-address and per-number budgets,
 * while a stranger's guesses cannot lock the owner of a number out; SMS pumping meets the
 * per-address and per-number caps; a bot-check solution is accepted once, even when replayed in
 * parallel or on the other call.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  OTP_MAX_WRONG_TRIES,
  OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR,
  OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY,
} from '@switchboard/shared';
import { otpCodes, otpFailures } from '../../src/db/schema.ts';
import { createConsoleSms, type SmsSender } from '../../src/lib/sms.ts';
import { describeWithApp, type TestContext } from '../harness.ts';
import { lastOtpSentTo, randomProductNumber } from '../factories.ts';
import { freshCaptcha } from './bot-check.ts';

/** The n-th address of a documentation range: every call from somewhere else. */
const address = (n: number) => `203.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;

function calls(ctx: TestContext) {
  return {
    requestOtp: async (productNumber: string, ip: string, token?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/generate-otp',
        remoteAddress: ip,
        payload: { product_number: productNumber, token: token ?? (await freshCaptcha(ctx.config)) },
      }),
    login: async (productNumber: string, otp: string, ip: string, token?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        remoteAddress: ip,
        payload: { product_number: productNumber, otp, token: token ?? (await freshCaptcha(ctx.config)) },
      }),
    /** Moves a number's codes back in time (past the resend cooldown). */
    ageCodes: (productNumber: string, seconds: number) =>
      ctx.db
        .update(otpCodes)
        .set({ createdAt: sql`${otpCodes.createdAt} - make_interval(secs => ${seconds})` })
        .where(eq(otpCodes.productNumber, productNumber)),
    /** Rows of otp_failures: what the per-address and per-number budgets count. */
    failureRows: async (productNumber: string) => {
      const [row] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(otpFailures)
        .where(eq(otpFailures.productNumber, productNumber));
      return row?.n ?? 0;
    },
    wrongTries: async (productNumber: string) => {
      const [row] = await ctx.db
        .select({ n: sql<number>`coalesce(sum(${otpCodes.attempts}), 0)::int` })
        .from(otpCodes)
        .where(eq(otpCodes.productNumber, productNumber));
      return row?.n ?? 0;
    },
  };
}

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describeWithApp('OTP guessing', (ctx) => {
  const { requestOtp, login, ageCodes, wrongTries, failureRows } = calls(ctx);
  /** Five wrong tries from one address: a stranger's whole hourly budget for the number. */
  const spendAddress = async (number: string, ip: string) => {
    const code = lastOtpSentTo(ctx.app, number);
    for (let i = 0; i < OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR; i++)
      expect((await login(number, wrongCodeFor(code), ip)).statusCode).toBe(400);
  };

  it('allows at most five wrong tries per code, whatever the addresses the guesses come from', async () => {
    const number = randomProductNumber();
    expect((await requestOtp(number, address(0))).statusCode).toBe(200);
    const code = lastOtpSentTo(ctx.app, number);
    for (let i = 1; i <= OTP_MAX_WRONG_TRIES; i++)
      expect((await login(number, wrongCodeFor(code), address(i))).statusCode).toBe(400);
    const right = await login(number, code, address(100));
    expect(right.statusCode).toBe(400);
    expect(await wrongTries(number)).toBe(OTP_MAX_WRONG_TRIES);
  });

  it("does not stop the owner signing in from their address after a stranger's five wrong tries from another", async () => {
    const number = randomProductNumber();
    const [owner, attacker] = [address(1000), address(1001)];
    expect((await requestOtp(number, attacker)).statusCode).toBe(200);
    await spendAddress(number, attacker);
    await ageCodes(number, 61);
    expect((await requestOtp(number, owner)).statusCode).toBe(200);
    expect((await login(number, lastOtpSentTo(ctx.app, number), owner)).statusCode).toBe(200);
  });

  it('stops the address that made five wrong tries, for new codes and for the right code alike', async () => {
    const number = randomProductNumber();
    const [owner, attacker] = [address(1010), address(1011)];
    await requestOtp(number, attacker);
    await spendAddress(number, attacker);
    await ageCodes(number, 61);
    const again = await requestOtp(number, attacker);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/from this connection/) });
    expect((await requestOtp(number, owner)).statusCode).toBe(200);
    const code = lastOtpSentTo(ctx.app, number);
    expect((await login(number, code, attacker)).statusCode).toBe(429);
    expect(await failureRows(number)).toBe(OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR);
    expect((await login(number, code, owner)).statusCode).toBe(200);
  });

  it('gives an address no fresh budget when a resend comes, from it or from elsewhere', async () => {
    const number = randomProductNumber();
    const [first, second] = [address(1020), address(1021)];
    await requestOtp(number, first);
    const early = lastOtpSentTo(ctx.app, number);
    for (let i = 0; i < OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR - 1; i++) await login(number, wrongCodeFor(early), first);
    await ageCodes(number, 61);
    expect((await requestOtp(number, first)).statusCode).toBe(200);
    const resent = lastOtpSentTo(ctx.app, number);
    expect((await login(number, wrongCodeFor(resent), first)).statusCode).toBe(400);
    await ageCodes(number, 61);
    expect((await requestOtp(number, second)).statusCode).toBe(200);
    const third = lastOtpSentTo(ctx.app, number);
    expect((await login(number, third, first)).statusCode).toBe(429);
    expect((await login(number, third, second)).statusCode).toBe(200);
  });

  it('locks the number for everyone after 100 wrong tries spread over 21 addresses, and says so', async () => {
    const number = randomProductNumber();
    const rounds = OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY / OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR;
    for (let round = 0; round < rounds - 1; round++) {
      expect((await requestOtp(number, address(1100 + round))).statusCode).toBe(200);
      await spendAddress(number, address(1100 + round));
      // Past the resend cooldown and the hourly cap of codes: only the failures keep counting.
      await ageCodes(number, 3601);
    }
    const owner = address(1200);
    expect((await requestOtp(number, owner)).statusCode).toBe(200);
    const code = lastOtpSentTo(ctx.app, number);
    const last = address(1100 + rounds - 1);
    for (let i = 0; i < OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR - 1; i++)
      expect((await login(number, wrongCodeFor(code), last)).statusCode).toBe(400);
    expect((await login(number, wrongCodeFor(code), address(1300))).statusCode).toBe(400);
    expect(await failureRows(number)).toBe(OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY);
    const refused = await login(number, code, owner);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/locked after too many wrong OTPs. Please try again in 24 hours, or ask/);
    await ageCodes(number, 61);
    expect((await requestOtp(number, address(1301))).statusCode).toBe(429);
  });

  it('judges at most five guesses of a code when they arrive all at once', async () => {
    const number = randomProductNumber();
    await requestOtp(number, address(0));
    const code = lastOtpSentTo(ctx.app, number);
    const tokens = await Promise.all(Array.from({ length: 30 }, () => freshCaptcha(ctx.config)));
    const replies = await Promise.all(tokens.map((token, i) => login(number, wrongCodeFor(code), address(40 + i), token)));
    expect(replies.every((reply) => reply.statusCode === 400)).toBe(true);
    expect(await wrongTries(number)).toBe(OTP_MAX_WRONG_TRIES);
    expect(await failureRows(number)).toBe(OTP_MAX_WRONG_TRIES);
    expect((await login(number, code, address(99))).statusCode).toBe(400);
  });

  it('judges at most five guesses from one address when they arrive all at once', async () => {
    const number = randomProductNumber();
    await requestOtp(number, address(0));
    const code = lastOtpSentTo(ctx.app, number);
    const tokens = await Promise.all(Array.from({ length: 12 }, () => freshCaptcha(ctx.config)));
    const replies = await Promise.all(tokens.map((token) => login(number, wrongCodeFor(code), address(1400), token)));
    expect(replies.filter((reply) => reply.statusCode === 400).length).toBeLessThanOrEqual(OTP_MAX_WRONG_TRIES);
    expect(await failureRows(number)).toBeLessThanOrEqual(OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR);
  });

  it('lets the right code in once among parallel tries, and keeps the budget of later sign-ins whole', async () => {
    const number = randomProductNumber();
    await requestOtp(number, address(0));
    const code = lastOtpSentTo(ctx.app, number);
    const tokens = await Promise.all(Array.from({ length: 6 }, () => freshCaptcha(ctx.config)));
    const replies = await Promise.all(tokens.map((token, i) => login(number, code, address(60 + i), token)));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    // A successful sign-in is not a wrong try: the same person signs in again later in the hour.
    expect(await wrongTries(number)).toBe(0);
    expect(await failureRows(number)).toBe(0);
  });
});

/** A gateway that takes a while to answer, as real ones do: the window in which parallel requests race. */
function slowGateway(): SmsSender {
  const outbox = createConsoleSms(() => undefined);
  return {
    send: async (to, text) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await outbox.send(to, text);
    },
    outbox: () => outbox.outbox(),
  };
}

describeWithApp(
  'SMS pumping',
  (ctx) => {
    const { requestOtp, ageCodes } = calls(ctx);

    it(`caps many numbers from one address at OTP_IP_LIMIT_PER_HOUR`, async () => {
      const limit = ctx.config.otpIpLimitPerHour;
      const ip = address(200);
      const replies = [];
      for (let i = 0; i <= limit; i++) replies.push((await requestOtp(randomProductNumber(), ip)).statusCode);
      expect(replies.filter((status) => status === 200)).toHaveLength(limit);
      expect(replies.at(-1)).toBe(429);
      // Another address still gets through: the cap is per address, not a shutdown.
      expect((await requestOtp(randomProductNumber(), address(201))).statusCode).toBe(200);
    });

    it('sends one code when one number is asked for from many addresses at once', async () => {
      const number = randomProductNumber();
      const tokens = await Promise.all(Array.from({ length: 10 }, () => freshCaptcha(ctx.config)));
      const replies = await Promise.all(tokens.map((token, i) => requestOtp(number, address(250 + i), token)));
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
      expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(9);
      expect(ctx.app.deps.sms.outbox().filter((message) => message.to === number)).toHaveLength(1);
    });

    it('caps one number asked for from many addresses: one code a minute, OTP_MAX_CODES_PER_HOUR an hour', async () => {
      const number = randomProductNumber();
      const cap = ctx.config.otpMaxCodesPerHour;
      expect((await requestOtp(number, address(300))).statusCode).toBe(200);
      expect((await requestOtp(number, address(301))).statusCode).toBe(429);
      for (let i = 1; i < cap; i++) {
        await ageCodes(number, 61);
        expect((await requestOtp(number, address(310 + i))).statusCode).toBe(200);
      }
      await ageCodes(number, 61);
      expect((await requestOtp(number, address(320))).statusCode).toBe(429);
      const sent = await ctx.db.select().from(otpCodes).where(eq(otpCodes.productNumber, number));
      expect(sent).toHaveLength(cap);
    });
  },
  { sms: slowGateway() },
);

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

describeWithApp(
  'client addresses in production',
  (ctx) => {
    const { requestOtp } = calls(ctx);
    const fromProxy = async (peer: string, client: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/generate-otp',
        remoteAddress: peer,
        headers: { 'x-forwarded-for': client },
        payload: { product_number: randomProductNumber(), token: await freshCaptcha(ctx.config) },
      });

    it('ignores an X-Forwarded-For a client sends itself: no fresh budget per made-up address', async () => {
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push((await fromProxy('203.0.113.50', `10.0.0.${i}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it('counts the clients behind a proxy on this machine one by one', async () => {
      for (let i = 1; i <= 4; i++) expect((await fromProxy('127.0.0.1', `198.51.100.${i}`)).statusCode).toBe(200);
      const oneClient = [];
      for (let i = 0; i < 4; i++) oneClient.push((await fromProxy('127.0.0.1', '198.51.100.77')).statusCode);
      expect(oneClient).toEqual([200, 200, 200, 429]);
      expect((await requestOtp(randomProductNumber(), '127.0.0.1')).statusCode).toBe(200);
    });
  },
  {
    env: {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      CAPTCHA_HMAC_KEY: 'a-bot-check-key-of-16+',
      ALLOW_CONSOLE_SMS: 'on',
      OTP_IP_LIMIT_PER_HOUR: '3',
    },
  },
);
