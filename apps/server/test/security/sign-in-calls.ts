/** The sign-in calls of the abuse tests, from any address, and what the budgets count. */
import { eq, sql } from 'drizzle-orm';
import { otpCodes, otpFailures } from '../../src/db/schema.ts';
import type { TestContext } from '../harness.ts';
import { freshCaptcha } from './bot-check.ts';

/** The n-th address of a documentation range: every call from somewhere else. */
export const address = (n: number) => `203.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;

export function calls(ctx: TestContext) {
  return {
    requestOtp: async (productNumber: string, ip: string, token?: string, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/generate-otp',
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
        payload: { product_number: productNumber, token: token ?? (await freshCaptcha(ctx.config)) },
      }),
    login: async (productNumber: string, otp: string, ip: string, token?: string, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
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
