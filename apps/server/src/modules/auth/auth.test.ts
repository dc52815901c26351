import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { OTP_MAX_CODES_PER_HOUR, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_MINUTES } from '@switchboard/shared';
import { otpCodes, users } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import {
  buildUser,
  lastOtpSentTo,
  randomProductNumber,
  signInWithOtp,
  signedInAs,
  solveCaptcha,
  tamperedHex,
} from '../../../test/factories.ts';
import { testConfig } from '../../../test/test-config.ts';
import { otpMessage } from './otp.service.ts';
import { logLines } from '../../../test/log-lines.ts';

describeWithApp('sign-in with OTP', (ctx) => {
  const requestOtp = async (productNumber: string, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/generate-otp',
      payload: { product_number: productNumber, token: token ?? (await solveCaptcha(ctx.app, 'sign-in')) },
    });
  const login = async (productNumber: string, otp: string, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { product_number: productNumber, otp, token: token ?? (await solveCaptcha(ctx.app, 'sign-in')) },
    });
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
  /** Moves a number's codes back in time, past the resend cooldown. */
  const ageCodes = (productNumber: string, seconds: number) =>
    ctx.db
      .update(otpCodes)
      .set({ createdAt: sql`${otpCodes.createdAt} - make_interval(secs => ${seconds})` })
      .where(eq(otpCodes.productNumber, productNumber));

  it('signs in a new number as a customer and validates the token', async () => {
    const number = randomProductNumber();
    const sent = await requestOtp(number);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'An OTP has been sent to your Switchboard number' });
    const reply = await login(number, lastOtpSentTo(ctx.app, number));
    expect(reply.statusCode).toBe(200);
    const { auth_token } = reply.json<{ auth_token: string }>();
    const validated = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/validate-token',
      headers: { authorization: `Bearer ${auth_token}` },
    });
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toMatchObject({
      valid: true,
      user: { product_number: number, user_type: 'customer', role: 'user' },
    });
  });

  it('signs in an existing staff account with its own type and role', async () => {
    const admin = await buildUser(ctx.db, { userType: 'cc', role: 'admin' });
    const token = await signInWithOtp(ctx.app, admin.productNumber);
    const validated = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/validate-token',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(validated.json()).toMatchObject({ user: { _id: admin.id, user_type: 'cc', role: 'admin' } });
  });

  it('tells the validity of the code in the SMS from the rule the server applies', async () => {
    const number = randomProductNumber();
    await requestOtp(number);
    const code = lastOtpSentTo(ctx.app, number);
    const [message] = ctx.app.deps.sms.outbox().filter((sent) => sent.to === number);
    expect(message?.text).toBe(otpMessage('Switchboard', code));
    expect(message?.text).toContain(`valid for ${OTP_TTL_MINUTES} minutes`);
    const [row] = await ctx.db.select().from(otpCodes).where(eq(otpCodes.productNumber, number));
    expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBe(OTP_TTL_MINUTES * 60_000);
  });

  it('takes its OTP defaults from the shared rules', () => {
    const config = testConfig();
    expect(config.otpMaxCodesPerHour).toBe(OTP_MAX_CODES_PER_HOUR);
    expect(config.otpResendCooldownSeconds).toBe(OTP_RESEND_COOLDOWN_SECONDS);
  });

  it('stores the code as a hash, never as sent', async () => {
    const number = randomProductNumber();
    await requestOtp(number);
    const code = lastOtpSentTo(ctx.app, number);
    const [row] = await ctx.db.select().from(otpCodes).where(eq(otpCodes.productNumber, number));
    expect(row?.codeHash).toBeDefined();
    expect(row?.codeHash).not.toContain(code);
  });

  it('refuses a wrong code', async () => {
    const number = randomProductNumber();
    await requestOtp(number);
    const reply = await login(number, wrongCodeFor(lastOtpSentTo(ctx.app, number)));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/wrong or has expired/) });
  });

  it('refuses an expired code', async () => {
    const number = randomProductNumber();
    await requestOtp(number);
    await ctx.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.productNumber, number));
    expect((await login(number, lastOtpSentTo(ctx.app, number))).statusCode).toBe(400);
  });

  it('refuses a code used once already', async () => {
    const number = randomProductNumber();
    await requestOtp(number);
    const code = lastOtpSentTo(ctx.app, number);
    expect((await login(number, code)).statusCode).toBe(200);
    expect((await login(number, code)).statusCode).toBe(400);
  });

  it('refuses the 6th wrong try even after a resend, and the right code with it', async () => {
    const number = randomProductNumber();
    await requestOtp(number);
    const first = lastOtpSentTo(ctx.app, number);
    for (let i = 0; i < 5; i++) expect((await login(number, wrongCodeFor(first))).statusCode).toBe(400);
    await ageCodes(number, 120);
    const resend = await requestOtp(number);
    expect(resend.statusCode).toBe(429);
    const sixth = await login(number, first);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many wrong OTPs/);
  });

  it('refuses a resend inside the cooldown', async () => {
    const number = randomProductNumber();
    expect((await requestOtp(number)).statusCode).toBe(200);
    const again = await requestOtp(number);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/Please wait \d+ seconds/);
  });

  it('caps codes per number per hour', async () => {
    const number = randomProductNumber();
    for (let i = 0; i < 5; i++) {
      expect((await requestOtp(number)).statusCode).toBe(200);
      await ageCodes(number, 61);
    }
    expect((await requestOtp(number)).statusCode).toBe(429);
  });

  describe('the bot check', () => {
    it('refuses a missing token', async () => {
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/generate-otp',
        payload: { product_number: randomProductNumber() },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details).toHaveProperty('token');
    });

    it('refuses a forged solution', async () => {
      type Payload = { challenge: { parameters: { keyPrefix: string } }; solution: { derivedKey: string } };
      const decode = async () => JSON.parse(Buffer.from(await solveCaptcha(ctx.app, 'sign-in'), 'base64').toString()) as Payload;
      const encode = (payload: Payload) => Buffer.from(JSON.stringify(payload)).toString('base64');
      const wrongKey = await decode();
      wrongKey.solution.derivedKey = tamperedHex(wrongKey.solution.derivedKey);
      const easierChallenge = await decode();
      easierChallenge.challenge.parameters.keyPrefix = tamperedHex(easierChallenge.challenge.parameters.keyPrefix);
      for (const forged of [wrongKey, easierChallenge]) {
        const reply = await requestOtp(randomProductNumber(), encode(forged));
        expect(reply.statusCode).toBe(400);
        expect(reply.json().code).toBe('captcha_failed');
      }
      expect((await requestOtp(randomProductNumber(), 'not-base64-json')).json().code).toBe('captcha_failed');
    });

    it('refuses a replayed solution', async () => {
      const token = await solveCaptcha(ctx.app, 'sign-in');
      expect((await requestOtp(randomProductNumber(), token)).statusCode).toBe(200);
      const replay = await requestOtp(randomProductNumber(), token);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().code).toBe('captcha_failed');
    });
  });

  it('refuses malformed bodies with field messages and stores nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(otpCodes);
    for (const payload of [
      {},
      { product_number: '01712345678', token: 'x' },
      { product_number: 8809638000001, token: 'x' },
      [],
      null,
    ]) {
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/generate-otp',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toHaveProperty('message');
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/generate-otp',
      payload: '{"product_number":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty('code');
    const badOtp = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { product_number: randomProductNumber(), otp: '12ab', token: 'x' },
    });
    expect(badOtp.statusCode).toBe(400);
    expect(badOtp.json().details).toHaveProperty('otp');
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(otpCodes);
    expect(after).toEqual(before);
  });

  describe('tokens', () => {
    const validate = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: { authorization: `Bearer ${token}` } });

    it('refuses no token and garbage', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/validate-token' })).statusCode).toBe(401);
      expect((await validate('garbage')).statusCode).toBe(401);
    });

    it('refuses alg: none', async () => {
      const { user } = await signedInAs(ctx.app, ctx.db);
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = {
        sub: user.id,
        ver: 0,
        user_type: 'cc',
        role: 'admin',
        name: 'x',
        number: user.productNumber,
        exp: Math.floor(Date.now() / 1000) + 60,
      };
      expect((await validate(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`)).statusCode).toBe(401);
    });

    it('refuses a wrong signature and an expired token', async () => {
      const { user } = await signedInAs(ctx.app, ctx.db);
      const claims = { sub: user.id, ver: 0, user_type: 'customer', role: 'user', name: 'x', number: user.productNumber };
      const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-to-sign');
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(otherKey);
      expect((await validate(forged)).statusCode).toBe(401);
      const key = new TextEncoder().encode(ctx.config.jwtSecret);
      const expired = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(1_000_000)
        .setExpirationTime(1_000_060)
        .sign(key);
      expect((await validate(expired)).statusCode).toBe(401);
    });

    it("refuses a deleted user's token and a bumped token_version", async () => {
      const deleted = await signedInAs(ctx.app, ctx.db);
      expect((await validate(deleted.token)).statusCode).toBe(200);
      await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));
      expect((await validate(deleted.token)).statusCode).toBe(401);
      const bumped = await signedInAs(ctx.app, ctx.db);
      await ctx.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, bumped.user.id));
      expect((await validate(bumped.token)).statusCode).toBe(401);
    });

    it('refuses sign-in of a deleted account', async () => {
      const user = await buildUser(ctx.db, { userType: 'rs', role: 'support' });
      await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
      await expect(signInWithOtp(ctx.app, user.productNumber)).rejects.toThrow(/403/);
    });
  });
});

describe('sign-in logs', () => {
  const { lines, stream } = logLines();

  describeWithApp(
    'with logging on',
    (ctx) => {
      it('contain neither the OTP nor the token', async () => {
        const number = randomProductNumber();
        const token = await signInWithOtp(ctx.app, number);
        await ctx.app.inject({ method: 'GET', url: `/?q=${token}`, headers: { authorization: `Bearer ${token}` } });
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/users/validate-token',
          headers: { authorization: `Bearer ${token}` },
        });
        const log = lines.join('');
        expect(log).toContain('/api/v1/users/login');
        expect(log).not.toContain(lastOtpSentTo(ctx.app, number));
        expect(log).not.toContain(token);
        expect(log).not.toContain(token.split('.')[1]);
      });
    },
    { logger: { level: 'trace', stream } },
  );
});
