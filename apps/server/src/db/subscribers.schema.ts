/**
 * Subscribers and telling an area before it calls (DESIGN.md §23): the provider's subscribers by
 * number and their areas, the broadcasts of an incident to them (their messages are outbox rows),
 * the one pace all processes send broadcasts at, and the status checks that avoided a report.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BROADCAST_KINDS, BROADCAST_STATUSES, LANGUAGES, SUBSCRIBER_STATUSES } from '@switchboard/shared';
import { createdAt } from './columns.ts';
import { groups, incidents, subgroups, users } from './desk.schema.ts';
import { oneOf } from './value-sets.ts';

/** Where subscribers live and outages strike; incidents and alarm rules name areas by code. */
export const areas = pgTable('areas', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameBn: text('name_bn').notNull(),
  groupId: uuid('group_id').references(() => groups.id),
  subGroupId: uuid('sub_group_id').references(() => subgroups.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The billing system's subscribers, upserted by number (stored `88…`). */
export const subscribers = pgTable(
  'subscribers',
  {
    number: text('number').primaryKey(),
    name: text('name').notNull(),
    areaCode: text('area_code')
      .notNull()
      .references(() => areas.code),
    plan: text('plan').notNull(),
    status: text('status', { enum: SUBSCRIBER_STATUSES }).notNull(),
    language: text('language', { enum: LANGUAGES }).notNull().default('bn'),
    externalId: text('external_id'),
    /** STOP (DESIGN.md §24): no broadcasts; sign-in codes and the number's own ticket notices still go. */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A broadcast's audience: the active, not opted-out subscribers of some areas.
    index('subscribers_audience')
      .on(t.areaCode, t.number)
      .where(sql`status = 'active' and opted_out_at is null`),
    // The admin search: part of a name or number, newest change first.
    index('subscribers_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('subscribers_number_trgm').using('gin', t.number.op('gin_trgm_ops')),
    index('subscribers_updated').on(t.updatedAt, t.number),
    oneOf('subscribers', t.status, SUBSCRIBER_STATUSES),
    oneOf('subscribers', t.language, LANGUAGES),
  ],
);

/** One broadcast of an incident: its messages are outbox rows naming it (`outbox_messages.broadcast_id`). */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: bigint('incident_id', { mode: 'number' })
      .notNull()
      .references(() => incidents.id),
    kind: text('kind', { enum: BROADCAST_KINDS }).notNull(),
    status: text('status', { enum: BROADCAST_STATUSES }).notNull().default('sending'),
    messageEn: text('message_en').notNull(),
    messageBn: text('message_bn').notNull(),
    /** Messages written for it (counted once, when they are). */
    recipients: integer('recipients').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('broadcasts_incident').on(t.incidentId, t.createdAt),
    index('broadcasts_sending')
      .on(t.createdAt)
      .where(sql`status = 'sending'`),
    oneOf('broadcasts', t.kind, BROADCAST_KINDS),
    oneOf('broadcasts', t.status, BROADCAST_STATUSES),
  ],
);

/**
 * The one pace of broadcast SMS for all processes together (a token bucket in one row, id 1):
 * a process takes tokens before it claims messages, so N processes send at SMS_RATE_PER_SECOND.
 */
export const smsPace = pgTable('sms_pace', {
  id: integer('id').primaryKey(),
  tokens: doublePrecision('tokens').notNull().default(0),
  filledAt: timestamp('filled_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A number's status as the public saw it (GET /status/{number}); one that showed an outage and was
 * not followed by a ticket from that number within 30 minutes is a report avoided (the dashboard).
 */
export const statusChecks = pgTable(
  'status_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    number: text('number').notNull(),
    outageShown: boolean('outage_shown').notNull(),
    incidentId: bigint('incident_id', { mode: 'number' }).references(() => incidents.id),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('status_checks_at').on(t.checkedAt), index('status_checks_number').on(t.number, t.checkedAt)],
);
