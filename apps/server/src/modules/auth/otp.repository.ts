import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpCodes, otpFailures } from '../../db/schema.ts';

export type OtpRow = typeof otpCodes.$inferSelect;

/**
 * Serialises the OTP work of one number until the transaction ends: parallel requests for a number
 * take their turn, so none of them decides on a count another one is about to change.
 */
export async function lockNumber(tx: Db, productNumber: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${productNumber}`}))`);
}

export async function insertOtp(db: Db, row: typeof otpCodes.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(otpCodes).values(row).returning({ id: otpCodes.id });
  if (!inserted) throw new Error('insert into otp_codes returned no row');
  return inserted.id;
}

/** Makes a code that was stored as not yet usable (consumed_at set) usable: its SMS is out. */
export async function markOtpSent(db: Db, id: string): Promise<void> {
  await db.update(otpCodes).set({ consumedAt: null }).where(eq(otpCodes.id, id));
}

export async function deleteOtp(db: Db, id: string): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
}

/** Codes of a number created since `since`, newest first. */
export async function listRecentOtps(db: Db, productNumber: string, since: Date): Promise<OtpRow[]> {
  return db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.productNumber, productNumber), gte(otpCodes.createdAt, since)))
    .orderBy(desc(otpCodes.createdAt));
}

/**
 * The code a try from `ip` is judged against: the newest unused, unexpired code of the number asked
 * for from that address, else the newest one asked for from anywhere. A stranger asking for codes
 * from elsewhere does not replace the one the owner is typing.
 */
export async function findUsableOtp(
  db: Db,
  productNumber: string,
  ip: string,
  now: Date,
  maxTries: number,
): Promise<OtpRow | undefined> {
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
    .orderBy(desc(sql`${otpCodes.ip} is not distinct from ${ip}`), desc(otpCodes.createdAt))
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

/** Records one wrong code: the per-address and per-number budgets count these rows. */
export async function insertOtpFailure(db: Db, row: { productNumber: string; ip: string; createdAt: Date }): Promise<void> {
  await db.insert(otpFailures).values(row);
}

/** Wrong codes for a number since `since`, from one address or (without `ip`) from all of them. */
function failuresOf(productNumber: string, since: Date, ip?: string) {
  return and(
    eq(otpFailures.productNumber, productNumber),
    gte(otpFailures.createdAt, since),
    ip === undefined ? undefined : eq(otpFailures.ip, ip),
  );
}

export async function countOtpFailures(db: Db, productNumber: string, since: Date, ip?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(otpFailures)
    .where(failuresOf(productNumber, since, ip));
  return row?.n ?? 0;
}

/**
 * When the `n`-th newest wrong code since `since` was recorded: once it ages out of the window,
 * fewer than `n` remain, so it dates the end of a lock that `n` failures started.
 */
export async function nthNewestOtpFailureAt(
  db: Db,
  productNumber: string,
  since: Date,
  n: number,
  ip?: string,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: otpFailures.createdAt })
    .from(otpFailures)
    .where(failuresOf(productNumber, since, ip))
    .orderBy(desc(otpFailures.createdAt))
    .offset(n - 1)
    .limit(1);
  return row?.at;
}

/** The addresses that sent wrong codes for a number since `since`, with their count since `recentSince`. */
export async function listOtpFailureAddresses(
  db: Db,
  productNumber: string,
  since: Date,
  recentSince: Date,
): Promise<{ ip: string; recent: number }[]> {
  return db
    .select({
      ip: otpFailures.ip,
      recent: sql<number>`(count(*) filter (where ${otpFailures.createdAt} >= ${recentSince.toISOString()}::timestamptz))::int`,
    })
    .from(otpFailures)
    .where(failuresOf(productNumber, since))
    .groupBy(otpFailures.ip)
    .orderBy(sql`2 desc`, otpFailures.ip);
}

/** Forgets every wrong code of a number (an admin lifting its lock); how many there were. */
export async function deleteOtpFailures(db: Db, productNumber: string): Promise<number> {
  const rows = await db.delete(otpFailures).where(eq(otpFailures.productNumber, productNumber)).returning({ id: otpFailures.id });
  return rows.length;
}

/** Removes failures older than every budget that counts them. */
export async function purgeOldOtpFailures(db: Db, before: Date): Promise<void> {
  await db.delete(otpFailures).where(lt(otpFailures.createdAt, before));
}
