/** The bot check gets dearer step by step as the public form gets busier, instead of the form closing. */
import { describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/harness.ts';
import { testConfig } from '../../../test/test-config.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { costFactorFor, createCostFactorSource, signInCostFactorFor } from './challenge-cost.ts';
import { otpCodes, otpFailures } from '../../db/schema.ts';

describe('the cost factor of a challenge', () => {
  const settings = testConfig({
    PUBLIC_BUSY_TICKETS_PER_HOUR: '100',
    PUBLIC_BUSY_UPLOADS_PER_HOUR: '400',
    CAPTCHA_MAX_COST_FACTOR: '16',
  });

  it('stays at 1 below the busy mark and doubles with each doubling of traffic above it', () => {
    const factors = [0, 99, 100, 199, 200, 400, 800].map((tickets) => costFactorFor({ tickets, uploads: 0 }, settings));
    expect(factors).toEqual([1, 1, 2, 2, 4, 8, 16]);
  });

  it('follows whichever of tickets and unused upload grants is busier', () => {
    expect(costFactorFor({ tickets: 10, uploads: 800 }, settings)).toBe(4);
    expect(costFactorFor({ tickets: 200, uploads: 400 }, settings)).toBe(4);
  });

  it('stops rising at CAPTCHA_MAX_COST_FACTOR', () => {
    expect(costFactorFor({ tickets: 1_000_000, uploads: 1_000_000 }, settings)).toBe(16);
  });

  it("doubles sign-in's cost with each doubling of sign-in traffic above SIGN_IN_BUSY_PER_HOUR", () => {
    const signIn = testConfig({ SIGN_IN_BUSY_PER_HOUR: '300', CAPTCHA_MAX_COST_FACTOR: '16' });
    expect([0, 299, 300, 600, 1200, 1_000_000].map((n) => signInCostFactorFor(n, signIn))).toEqual([1, 1, 2, 4, 8, 16]);
  });
});

describeWithApp(
  'the challenge cost under load',
  (ctx) => {
    it("rises with the last hour's public tickets for the public form, and not for sign-in", async () => {
      expect(await createCostFactorSource(ctx.db, ctx.config, 'public')()).toBe(1);
      for (let i = 0; i < 4; i++) await buildTicket(ctx.db, null, { clientEmail: `load${i}@example.com` });
      expect(await createCostFactorSource(ctx.db, ctx.config, 'public')()).toBe(4);
      await buildTicket(ctx.db, null, { clientEmail: 'old@example.com', createdAt: new Date(Date.now() - 2 * 3_600_000) });
      expect(await createCostFactorSource(ctx.db, ctx.config, 'public')()).toBe(4);
      expect(await createCostFactorSource(ctx.db, ctx.config, 'sign-in')()).toBe(1);
    });

    it("rises with the last hour's codes and wrong codes for sign-in, and not for the public form", async () => {
      const publicBefore = await createCostFactorSource(ctx.db, ctx.config, 'public')();
      const now = new Date();
      const number = '8801700000001';
      const code = (createdAt: Date) => ({ productNumber: number, codeHash: 'x', expiresAt: now, createdAt, ip: '192.0.2.1' });
      const old = new Date(now.getTime() - 2 * 3_600_000);
      await ctx.db.insert(otpCodes).values([code(now), code(now), code(now), code(old)]);
      await ctx.db.insert(otpFailures).values({ productNumber: number, ip: '192.0.2.1', createdAt: now });
      expect(await createCostFactorSource(ctx.db, ctx.config, 'sign-in')()).toBe(4);
      expect(await createCostFactorSource(ctx.db, ctx.config, 'public')()).toBe(publicBefore);
    });
  },
  { env: { PUBLIC_BUSY_TICKETS_PER_HOUR: '2', SIGN_IN_BUSY_PER_HOUR: '2' } },
);
