/**
 * The public form's traffic: what the bot check's price (challenge-cost.ts) and the public form's
 * hourly ceilings (public-tickets) are counted from; and sign-in's, which prices sign-in's bot check.
 */
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpCodes, otpFailures, statusChecks, tickets, uploads } from '../../db/schema.ts';

/** Tickets of the public form (no issuer account) created since `since`; the issuer index serves it. */
export async function countPublicTicketsSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(isNull(tickets.issuerUserId), gte(tickets.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Public upload grants since `since` that no ticket has taken. Grants a ticket took are bounded by
 * the ticket cap already; the ones nobody uses are what a bot leaves behind. Counting only those
 * lets the partial index of unused uploads serve the query however large the table grows.
 */
export async function countUnusedPublicUploadsSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(uploads)
    .where(and(isNull(uploads.usedBy), gte(uploads.createdAt, since), eq(uploads.isPublic, true)));
  return row?.n ?? 0;
}

/**
 * Sign-in traffic since `since`: codes sent (or being sent) plus wrong codes. Both tables hold at most
 * a day (sign-in purges older rows), so counting them by time alone stays small.
 */
export async function countSignInTrafficSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`((select count(*) from ${otpCodes} where ${otpCodes.createdAt} >= ${since.toISOString()}::timestamptz)
        + (select count(*) from ${otpFailures} where ${otpFailures.createdAt} >= ${since.toISOString()}::timestamptz))::int`,
    })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

/** Status checks by number since `since` (status_checks_at serves it): what prices the status bot check. */
export async function countStatusChecksSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(statusChecks)
    .where(gte(statusChecks.checkedAt, since));
  return row?.n ?? 0;
}
