/**
 * What staff set up for their work (DESIGN.md §17, §19): ready answers and each department's
 * service levels. schema.ts re-exports them.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEPARTMENTS, SERVICE_LEVEL_MAX_HOURS, SERVICE_LEVEL_MIN_HOURS } from '@switchboard/shared';
import { createdAt } from './columns.ts';
import { users } from './desk.schema.ts';
import { businessCalendars } from './service-levels.schema.ts';
import { oneOf } from './value-sets.ts';

/** Ready answers (DESIGN.md §19): a department's own, or shared by all when `department` is null. */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyBn: text('body_bn').notNull(),
    department: text('department', { enum: DEPARTMENTS }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('canned_replies_department_title').on(t.department, t.title), oneOf('canned_replies', t.department, DEPARTMENTS)],
);

const HOURS_RANGE = sql.raw(`${SERVICE_LEVEL_MIN_HOURS} and ${SERVICE_LEVEL_MAX_HOURS}`);

/** Each department's service levels (DESIGN.md §17): hours to the first staff reply and to resolve. */
export const serviceLevels = pgTable(
  'service_levels',
  {
    department: text('department', { enum: DEPARTMENTS }).primaryKey(),
    firstReplyHours: integer('first_reply_hours').notNull(),
    resolveHours: integer('resolve_hours').notNull(),
    // The working calendar the hours count in (DESIGN.md §26); null: "Always", the wall clock.
    calendarId: integer('calendar_id').references((): AnyPgColumn => businessCalendars.id),
    // SLA_WARN_PERCENT, written by every start, so that the rule in the database reads it.
    warnPercent: smallint('warn_percent').notNull().default(75),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('service_levels', t.department, DEPARTMENTS),
    check('service_levels_first_reply_hours_range', sql`${t.firstReplyHours} between ${HOURS_RANGE}`),
    check('service_levels_resolve_hours_range', sql`${t.resolveHours} between ${HOURS_RANGE}`),
  ],
);
