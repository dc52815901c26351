/**
 * Customer satisfaction (DESIGN.md §25): the question asked once per ticket after a resolve, and
 * the rating its issuer gave. Re-exported by schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { ISSUED_TO_VALUES, RATING_CHANNELS } from '@switchboard/shared';
import { createdAt } from './columns.ts';
import { tickets } from './desk.schema.ts';
import { oneOf } from './value-sets.ts';

/** `waiting` until due; then `asked` (the messages are in the outbox) or `skipped` (`skip_reason` says why). */
export const RATING_QUESTION_STATUSES = ['waiting', 'asked', 'skipped'] as const;

/**
 * The question of one ticket: written by the resolve that asks for it (the primary key makes it
 * once per ticket, whatever the ticket does later), sent when due by the satisfaction worker.
 */
export const ratingQuestions = pgTable(
  'rating_questions',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .primaryKey()
      .references(() => tickets.ticketId),
    status: text('status', { enum: RATING_QUESTION_STATUSES }).notNull().default('waiting'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }),
    /** The number asked by SMS (stored `88…`): its digit answer finds the ticket here. */
    smsTo: text('sms_to'),
    /** Why nothing was sent: reopened, opted_out, no_channel, off. */
    skipReason: text('skip_reason'),
    /** A second answer by SMS was told once that the first one stands. */
    repeatTold: boolean('repeat_told').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('rating_questions_due')
      .on(t.dueAt)
      .where(sql`status = 'waiting'`),
    index('rating_questions_sms')
      .on(t.smsTo, t.askedAt)
      .where(sql`status = 'asked' and sms_to is not null`),
    oneOf('rating_questions', t.status, RATING_QUESTION_STATUSES),
  ],
);

/** One rating per ticket; `department` is the holder when it was given (the dashboard's rows). */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .primaryKey()
      .references(() => tickets.ticketId),
    score: smallint('score').notNull(),
    channel: text('channel', { enum: RATING_CHANNELS }).notNull(),
    comment: text('comment'),
    department: text('department', { enum: ISSUED_TO_VALUES }).notNull(),
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_ratings_rated').on(t.ratedAt),
    index('ticket_ratings_low')
      .on(t.ticketId)
      .where(sql`score <= 2`),
    check('ticket_ratings_score', sql`score between 1 and 5`),
    oneOf('ticket_ratings', t.channel, RATING_CHANNELS),
    oneOf('ticket_ratings', t.department, ISSUED_TO_VALUES),
  ],
);
