/**
 * Abuse of the sign-in calls (ASVS V6.3.1, V6.6.3, V2.4.1): OTP guessing spread over resends,
 * addresses and parallel requests stays inside the per-code, per-address and per-number budgets,
 * while a stranger's guesses cannot lock the owner of a number out; SMS pumping meets the
 * per-address and per-number caps. The bot check's own abuse: bot-check-abuse.test.ts.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  OTP_MAX_WRONG_TRIES,
  OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR,
  OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY,
} from '@switchboard/shared';
import { otpCodes } from '../../src/db/schema.ts';
import { createConsoleSms, type SmsSender } from '../../src/lib/sms.ts';
import { describeWithApp, type TestContext } from '../harness.ts';
import { lastOtpSentTo, randomProductNumber } from '../factories.ts';
import { freshCaptcha } from './bot-check.ts';
import { DEVICE_COOKIE } from '../../src/modules/auth/device-cookie.ts';
import { address, calls } from './sign-in-calls.ts';

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** The `name=value` of the device cookie a sign-in reply sets. */
function deviceCookieOf(reply: { headers: Record<string, unknown> }): string {
  const header = reply.headers['set-cookie'];
  const cookies = (Array.isArray(header) ? header : [header]).filter((value): value is string => typeof value === 'string');
  const device = cookies.find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
  if (!device) throw new Error('the sign-in set no device cookie');
  return device.split(';')[0] ?? '';
}

/** Signs the owner in once from `ip`: their device now carries the number's device cookie. */
async function ownerDevice(ctx: TestContext, number: string, ip: string): Promise<string> {
  const { requestOtp, login } = calls(ctx);
  expect((await requestOtp(number, ip)).statusCode).toBe(200);
  const reply = await login(number, lastOtpSentTo(ctx.app, number), ip);
  expect(reply.statusCode).toBe(200);
  return deviceCookieOf(reply);
}

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

  it("lets the owner's device through the number-wide lock of wrong codes, and nobody else", async () => {
    const number = randomProductNumber();
    const owner = address(1500);
    const device = await ownerDevice(ctx, number, owner);
    await ageCodes(number, 3601);
    const rounds = OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY / OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR;
    for (let round = 0; round < rounds; round++) {
      expect((await requestOtp(number, address(1510 + round))).statusCode).toBe(200);
      await spendAddress(number, address(1510 + round));
      await ageCodes(number, 3601);
    }
    expect(await failureRows(number)).toBe(OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY);
    // Without the cookie, even from the owner's own address: locked.
    expect((await requestOtp(number, owner)).statusCode).toBe(429);
    // A cookie for another number, or a forged one, counts for nothing.
    const other = await ownerDevice(ctx, randomProductNumber(), owner);
    expect((await requestOtp(number, owner, undefined, other)).statusCode).toBe(429);
    const cut = device.lastIndexOf('.') + 1;
    const tampered = `${device.slice(0, cut)}${device[cut] === 'A' ? 'B' : 'A'}${device.slice(cut + 1)}`;
    expect((await requestOtp(number, owner, undefined, tampered)).statusCode).toBe(429);
    const forgedNumber = device.replace(number, randomProductNumber());
    expect((await requestOtp(number, owner, undefined, forgedNumber)).statusCode).toBe(429);
    // The owner's device gets a code and signs in; a wrong try of it still counts per address.
    expect((await requestOtp(number, owner, undefined, device)).statusCode).toBe(200);
    const code = lastOtpSentTo(ctx.app, number);
    expect((await login(number, wrongCodeFor(code), owner, undefined, device)).statusCode).toBe(400);
    expect((await login(number, code, owner, undefined, device)).statusCode).toBe(200);
  });

  it('marks the device at sign-in with a signed cookie that scripts cannot read and other sites cannot send', async () => {
    const number = randomProductNumber();
    const ip = address(1700);
    await requestOtp(number, ip);
    const reply = await login(number, lastOtpSentTo(ctx.app, number), ip);
    const header = String(reply.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=[^;]*${number}[^;]*;`));
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\/api\/v1\/users/);
    expect(header).toMatch(/; Max-Age=\d+/);
    expect((await requestOtp(number, ip)).headers['set-cookie']).toBeUndefined();
  });

  it("keeps a stranger's code from replacing the one the owner asked for", async () => {
    const number = randomProductNumber();
    const [owner, stranger] = [address(1600), address(1601)];
    expect((await requestOtp(number, owner)).statusCode).toBe(200);
    const code = lastOtpSentTo(ctx.app, number);
    await ageCodes(number, 61);
    expect((await requestOtp(number, stranger)).statusCode).toBe(200);
    expect(lastOtpSentTo(ctx.app, number)).not.toBe(code);
    expect((await login(number, code, owner)).statusCode).toBe(200);
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
    const { requestOtp, login, ageCodes } = calls(ctx);

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

    it('sends at most OTP_MAX_CODES_PER_NUMBER_PER_HOUR codes when one number is asked for from many addresses at once', async () => {
      const number = randomProductNumber();
      const cap = ctx.config.otpMaxCodesPerNumberPerHour;
      const tokens = await Promise.all(Array.from({ length: cap + 10 }, () => freshCaptcha(ctx.config)));
      const replies = await Promise.all(tokens.map((token, i) => requestOtp(number, address(500 + i), token)));
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(cap);
      expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(10);
      expect(ctx.app.deps.sms.outbox().filter((message) => message.to === number)).toHaveLength(cap);
    });

    it('sends one code when one number is asked for from one address many times at once', async () => {
      const number = randomProductNumber();
      const tokens = await Promise.all(Array.from({ length: 10 }, () => freshCaptcha(ctx.config)));
      const replies = await Promise.all(tokens.map((token) => requestOtp(number, address(250), token)));
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
      expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(9);
      expect(ctx.app.deps.sms.outbox().filter((message) => message.to === number)).toHaveLength(1);
    });

    it('caps one number asked for from one address: one code a minute, OTP_MAX_CODES_PER_HOUR an hour', async () => {
      const number = randomProductNumber();
      const cap = ctx.config.otpMaxCodesPerHour;
      const stranger = address(300);
      expect((await requestOtp(number, stranger)).statusCode).toBe(200);
      expect((await requestOtp(number, stranger)).statusCode).toBe(429);
      for (let i = 1; i < cap; i++) {
        await ageCodes(number, 61);
        expect((await requestOtp(number, stranger)).statusCode).toBe(200);
      }
      await ageCodes(number, 61);
      expect((await requestOtp(number, stranger)).statusCode).toBe(429);
      const sent = await ctx.db.select().from(otpCodes).where(eq(otpCodes.productNumber, number));
      expect(sent).toHaveLength(cap);
    });

    it("does not let a stranger's five requests, one a minute from five addresses, keep the owner from a code", async () => {
      const number = randomProductNumber();
      for (let i = 0; i < 5; i++) {
        expect((await requestOtp(number, address(600 + i))).statusCode).toBe(200);
        await ageCodes(number, 61);
      }
      const owner = address(700);
      expect((await requestOtp(number, owner)).statusCode).toBe(200);
      expect((await login(number, lastOtpSentTo(ctx.app, number), owner)).statusCode).toBe(200);
    });

    it("caps one number over all addresses at OTP_MAX_CODES_PER_NUMBER_PER_HOUR, which the owner's device may pass up to twice over", async () => {
      const number = randomProductNumber();
      const cap = ctx.config.otpMaxCodesPerNumberPerHour;
      const owner = address(800);
      const device = await ownerDevice(ctx, number, owner);
      for (let i = 1; i < cap; i++) expect((await requestOtp(number, address(810 + i))).statusCode).toBe(200);
      expect((await requestOtp(number, address(870))).statusCode).toBe(429);
      // Without its cookie the owner is one more stranger; with it, only its own address's limits apply.
      await ageCodes(number, 61);
      expect((await requestOtp(number, address(871))).statusCode).toBe(429);
      expect((await requestOtp(number, owner, undefined, device)).statusCode).toBe(200);
      // A cookie copied to many addresses still stops at twice the cap.
      const statuses = [];
      for (let i = 0; i < cap; i++) statuses.push((await requestOtp(number, address(900 + i), undefined, device)).statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(cap - 1);
      expect(statuses.at(-1)).toBe(429);
    });
  },
  { sms: slowGateway() },
);

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
