/**
 * SQL of customer satisfaction (DESIGN.md §25): the question of a ticket (`rating_questions`) from
 * the resolve that writes it to the worker that asks it, and the rating (`ticket_ratings`).
 */
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { IssuedTo, RatingChannel } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { ratingQuestions, subscribers, ticketRatings, tickets } from '../../db/schema.ts';

/** Why a question was not asked, as `rating_questions.skip_reason` keeps it. */
export type SkipReason = 'reopened' | 'opted_out' | 'no_channel' | 'off';

/**
 * Writes the question of a ticket, due in `delayMinutes` by the database's clock. Once per ticket,
 * whatever happens to it later: a second resolve after a reopen finds the row and writes nothing.
 */
export async function insertQuestion(db: Db, ticketId: number, delayMinutes: number): Promise<void> {
  await db
    .insert(ratingQuestions)
    .values({ ticketId, dueAt: sql`now() + make_interval(mins => ${delayMinutes})` })
    .onConflictDoNothing({ target: ratingQuestions.ticketId });
}

/**
 * Claims up to `limit` questions due by `now` for this transaction, soonest first. SKIP LOCKED:
 * the workers of several processes never take the same one, and a question stays claimed until
 * the transaction that asks (or skips, or postpones) it ends.
 */
export async function claimDueQuestions(tx: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ ticketId: ratingQuestions.ticketId })
    .from(ratingQuestions)
    .where(and(eq(ratingQuestions.status, 'waiting'), lte(ratingQuestions.dueAt, now)))
    .orderBy(ratingQuestions.dueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.ticketId);
}

/** A claimed question's ticket, as the worker decides on it: its status, whom to ask, and whether the number said STOP. */
export async function findTicketToAsk(db: Db, ticketId: number) {
  const [row] = await db
    .select({
      ticketId: tickets.ticketId,
      ticketStatus: tickets.ticketStatus,
      issuerUserId: tickets.issuerUserId,
      issuerNumber: tickets.issuerNumber,
      clientEmail: tickets.clientEmail,
      issuerLanguage: tickets.issuerLanguage,
      optedOut: sql<boolean>`exists (select 1 from ${subscribers} s
        where s.number = tickets.issuer_number and s.opted_out_at is not null)`,
    })
    .from(tickets)
    .where(eq(tickets.ticketId, ticketId));
  return row;
}

export async function skipQuestion(db: Db, ticketId: number, reason: SkipReason): Promise<void> {
  await db
    .update(ratingQuestions)
    .set({ status: 'skipped', skipReason: reason })
    .where(and(eq(ratingQuestions.ticketId, ticketId), eq(ratingQuestions.status, 'waiting')));
}

/** Quiet hours hold: the question waits until `until`. */
export async function postponeQuestion(db: Db, ticketId: number, until: Date): Promise<void> {
  await db
    .update(ratingQuestions)
    .set({ dueAt: until })
    .where(and(eq(ratingQuestions.ticketId, ticketId), eq(ratingQuestions.status, 'waiting')));
}

/** The messages are in the outbox: asked at `at`, by SMS to `smsTo` (null: by e-mail only). */
export async function markAsked(db: Db, ticketId: number, at: Date, smsTo: string | null): Promise<void> {
  await db
    .update(ratingQuestions)
    .set({ status: 'asked', askedAt: at, smsTo })
    .where(and(eq(ratingQuestions.ticketId, ticketId), eq(ratingQuestions.status, 'waiting')));
}

/**
 * The question most recently asked by SMS to `number` since `since` (the digit answer's window),
 * with whether its ticket was rated already; the partial index `rating_questions_sms` finds it.
 */
export async function findLatestSmsQuestion(db: Db, number: string, since: Date) {
  const [row] = await db
    .select({
      ticketId: ratingQuestions.ticketId,
      repeatTold: ratingQuestions.repeatTold,
      // Qualified by hand: drizzle writes a column of a one-table select without its table.
      rated: sql<boolean>`exists (select 1 from ${ticketRatings} r where r.ticket_id = rating_questions.ticket_id)`,
    })
    .from(ratingQuestions)
    .where(and(eq(ratingQuestions.status, 'asked'), eq(ratingQuestions.smsTo, number), gte(ratingQuestions.askedAt, since)))
    .orderBy(desc(ratingQuestions.askedAt))
    .limit(1);
  return row;
}

/** Marks that a repeated answer was told the first one stands: true only for the first such answer. */
export async function markRepeatTold(db: Db, ticketId: number): Promise<boolean> {
  const rows = await db
    .update(ratingQuestions)
    .set({ repeatTold: true })
    .where(and(eq(ratingQuestions.ticketId, ticketId), eq(ratingQuestions.repeatTold, false)))
    .returning({ ticketId: ratingQuestions.ticketId });
  return rows.length === 1;
}

/** The ticket a rating is for, and its holder now (the department the rating counts for). */
export async function findTicketToRate(db: Db, ticketId: number): Promise<{ issuedTo: IssuedTo } | undefined> {
  const [row] = await db.select({ issuedTo: tickets.issuedTo }).from(tickets).where(eq(tickets.ticketId, ticketId));
  return row;
}

/**
 * Records the ticket's rating, counted for `department`; undefined when the ticket was rated
 * already (the primary key makes two answers at once record one).
 */
export async function insertRating(
  db: Db,
  rating: { ticketId: number; score: number; channel: RatingChannel; department: IssuedTo },
): Promise<{ ratedAt: Date } | undefined> {
  const [row] = await db
    .insert(ticketRatings)
    .values(rating)
    .onConflictDoNothing({ target: ticketRatings.ticketId })
    .returning({ ratedAt: ticketRatings.ratedAt });
  return row;
}

/**
 * Adds the comment to a rating given by an e-mailed link within the last `windowMinutes`, once;
 * false when there is no such rating (another channel, a comment already, too late).
 */
export async function addRatingComment(db: Db, ticketId: number, comment: string, windowMinutes: number): Promise<boolean> {
  const rows = await db
    .update(ticketRatings)
    .set({ comment })
    .where(
      and(
        eq(ticketRatings.ticketId, ticketId),
        eq(ticketRatings.channel, 'email'),
        isNull(ticketRatings.comment),
        sql`${ticketRatings.ratedAt} > now() - make_interval(mins => ${windowMinutes})`,
      ),
    )
    .returning({ ticketId: ticketRatings.ticketId });
  return rows.length === 1;
}
