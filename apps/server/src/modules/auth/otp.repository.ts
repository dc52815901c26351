import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';

export type OtpRow = typeof otpCodes.$inferSelect;

export async function insertOtp(db: Db, row: typeof otpCodes.$inferInsert): Promise<void> {
  await db.insert(otpCodes).values(row);
}

/** Codes of a number created since `since`, newest first. */
export async function listRecentOtps(db: Db, productNumber: string, since: Date): Promise<OtpRow[]> {
  return db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.productNumber, productNumber), gte(otpCodes.createdAt, since)))
    .orderBy(desc(otpCodes.createdAt));
}

/** The newest code of a number that is unused and unexpired. */
export async function findUsableOtp(db: Db, productNumber: string, now: Date, maxTries: number): Promise<OtpRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.productNumber, productNumber),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.expiresAt, now),
        lt(otpCodes.attempts, maxTries),
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row;
}

/** Counts a wrong try; atomic so that concurrent guesses cannot exceed the budget. */
export async function countWrongTry(db: Db, id: string): Promise<void> {
  await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, id));
}

/** Marks a code used; false when another request used it first. */
export async function consumeOtp(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length === 1;
}

/** Removes codes nobody can use any more. */
export async function purgeOldOtps(db: Db, before: Date): Promise<void> {
  await db.delete(otpCodes).where(lt(otpCodes.createdAt, before));
}
