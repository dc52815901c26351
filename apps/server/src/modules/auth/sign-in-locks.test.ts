/** Admins see and lift a number's wrong-OTP lock; everyone else is refused (DESIGN.md §7). */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY, entryOf, type Role } from '@switchboard/shared';
import { auditLog, otpFailures } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { lastOtpSentTo, randomProductNumber, signedInAs, solveCaptcha } from '../../../test/factories.ts';

describeWithApp('sign-in locks', (ctx) => {
  /** A number's failures as the budgets record them: `perAddress` from each of `addresses` addresses. */
  const recordFailures = (number: string, addresses: number, perAddress: number) =>
    ctx.db.insert(otpFailures).values(
      Array.from({ length: addresses * perAddress }, (_, i) => ({
        productNumber: number,
        ip: `198.51.100.${Math.floor(i / perAddress) + 1}`,
        createdAt: new Date(Date.now() - 1000 * (i + 1)),
      })),
    );
  const asRole = async (role: Role) => (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role })).headers;
  const read = (number: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/users/sign-in-locks/${encodeURIComponent(number)}`, headers });
  const clear = (number: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/v1/users/sign-in-locks/${encodeURIComponent(number)}`, headers });
  const requestOtp = async (number: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/generate-otp',
      payload: { product_number: number, token: await solveCaptcha(ctx.app, 'sign-in') },
    });

  it("shows an admin a locked number's failures, addresses and the end of the lock", async () => {
    const number = randomProductNumber();
    await recordFailures(number, 20, OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY / 20);
    const reply = await read(`+${number}`, await asRole('admin'));
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json<{ data: { addresses: unknown[]; locked_until: string } }>();
    expect(data).toMatchObject({ product_number: number, failures_24h: 100, locked: true });
    expect(data.addresses).toHaveLength(20);
    expect(data.addresses[0]).toEqual({ ip: expect.any(String), failures_1h: 5 });
    const hoursLeft = (Date.parse(data.locked_until) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
  });

  it('reads a number in each form the users search takes', async () => {
    const number = randomProductNumber();
    const headers = await asRole('admin');
    for (const form of [number, `+${number}`, entryOf(number), ` ${entryOf(number)} `]) {
      const reply = await read(form, headers);
      expect(reply.statusCode, form).toBe(200);
      expect(reply.json()).toMatchObject({
        data: { product_number: number, failures_24h: 0, locked: false, locked_until: null },
      });
    }
    const bad = await read('12345', headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation', details: { number: expect.any(String) } });
  });

  it('lets an admin lift the lock, so that the owner gets a code again, and audits who did it', async () => {
    const number = randomProductNumber();
    await recordFailures(number, 20, 5);
    expect((await requestOtp(number)).statusCode).toBe(429);
    const { user, headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
    const reply = await clear(entryOf(number), headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ message: 'Sign-in lock cleared' });
    expect(await ctx.db.select().from(otpFailures).where(eq(otpFailures.productNumber, number))).toEqual([]);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.target, number));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'auth.clear_lock', actorUserId: user.id, target: number, ip: '127.0.0.1' }),
    ]);
    expect((await requestOtp(number)).statusCode).toBe(200);
    expect(lastOtpSentTo(ctx.app, number)).toMatch(/^\d{6}$/);
  });

  it.each(['moderator', 'support', 'user'] as const)('refuses a %s with 403 and changes nothing', async (role) => {
    const number = randomProductNumber();
    await recordFailures(number, 1, 3);
    const headers = await asRole(role);
    expect((await read(number, headers)).statusCode).toBe(403);
    expect((await clear(number, headers)).statusCode).toBe(403);
    expect(await ctx.db.select().from(otpFailures).where(eq(otpFailures.productNumber, number))).toHaveLength(3);
  });

  it('refuses a customer with 403 and a stranger with 401', async () => {
    const number = randomProductNumber();
    const customer = (await signedInAs(ctx.app, ctx.db, { userType: 'customer', role: 'user' })).headers;
    expect((await read(number, customer)).statusCode).toBe(403);
    expect((await clear(number, customer)).statusCode).toBe(403);
    expect((await read(number)).statusCode).toBe(401);
    expect((await clear(number)).statusCode).toBe(401);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.target, number))).toEqual([]);
  });

  it('limits how many locks one admin clears in a minute', async () => {
    const headers = await asRole('admin');
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await clear(randomProductNumber(), headers)).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await clear(randomProductNumber(), headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    // Another admin has a budget of their own.
    expect((await clear(randomProductNumber(), await asRole('admin'))).statusCode).toBe(200);
  });
});
