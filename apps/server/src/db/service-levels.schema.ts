/**
 * Service levels II (DESIGN.md §26): working calendars and their holidays, the leased jobs any
 * process may run, and staff's notification bell. Re-exported by schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEPARTMENTS, INBOX_KINDS } from '@switchboard/shared';
import { createdAt } from './columns.ts';
import { tickets, users } from './desk.schema.ts';
import { oneOf } from './value-sets.ts';

/** A day's working intervals in minutes since midnight, `[start, end)`; `[]` is a day off. */
export type WeekMinutes = [number, number][][];

/**
 * When a department works. `week[0]` is Sunday (as `extract(dow …)`); the rule of
 * modules/service-levels/service-levels.sql reads it in the calendar's time zone.
 */
export const businessCalendars = pgTable('business_calendars', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  timezone: text('timezone').notNull(),
  week: jsonb('week').$type<WeekMinutes>().notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A day off of a calendar, whatever its weekday. */
export const holidays = pgTable(
  'holidays',
  {
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => businessCalendars.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.calendarId, t.day] })],
);

/**
 * Work due at a moment, run by whichever process leases it first (modules/jobs). `key` names the
 * work (`sla.scan`, `sla.recompute:cc`): one pending job per key. A job that is not done by
 * `leased_until` (its process died) may be leased again; `payload` carries its progress.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_key_pending')
      .on(t.key)
      .where(sql`done_at is null`),
    index('jobs_due')
      .on(t.runAt)
      .where(sql`done_at is null`),
  ],
);

/** One item of a staff member's bell: what the desk told them, and whether they read it. */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: INBOX_KINDS }).notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId),
    department: text('department', { enum: DEPARTMENTS }),
    score: smallint('score'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('inbox_items_user').on(t.userId, t.id),
    // A removed ticket's items (retention, DESIGN.md §29).
    index('inbox_items_ticket').on(t.ticketId),
    index('inbox_items_unread')
      .on(t.userId)
      .where(sql`read_at is null`),
    oneOf('inbox_items', t.kind, INBOX_KINDS),
    oneOf('inbox_items', t.department, DEPARTMENTS),
  ],
);
