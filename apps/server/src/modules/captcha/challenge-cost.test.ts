/** The bot check gets dearer step by step as the public form gets busier, instead of the form closing. */
import { describe, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/harness.ts';
import { testConfig } from '../../../test/test-config.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { costFactorFor, createCostFactorSource } from './challenge-cost.ts';

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
});

describeWithApp(
  'the challenge cost under load',
  (ctx) => {
    it("rises with the last hour's public tickets", async () => {
      expect(await createCostFactorSource(ctx.db, ctx.config)()).toBe(1);
      for (let i = 0; i < 4; i++) await buildTicket(ctx.db, null, { clientEmail: `load${i}@example.com` });
      expect(await createCostFactorSource(ctx.db, ctx.config)()).toBe(4);
      await buildTicket(ctx.db, null, { clientEmail: 'old@example.com', createdAt: new Date(Date.now() - 2 * 3_600_000) });
      expect(await createCostFactorSource(ctx.db, ctx.config)()).toBe(4);
    });
  },
  { env: { PUBLIC_BUSY_TICKETS_PER_HOUR: '2' } },
);
