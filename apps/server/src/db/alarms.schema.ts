/**
 * Network alarms (DESIGN.md §22): the alarms the provider's monitoring reports, kept by key; the
 * last deliveries, for the screen; and the routing rules that turn a firing alarm into an incident.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ALARM_STATUSES, type AlarmLabels, type AlarmMatcher } from '@switchboard/shared';
import { createdAt } from './columns.ts';
import { groups, incidents, subgroups, users } from './desk.schema.ts';
import { apiClients } from './integrations.schema.ts';
import { oneOf } from './value-sets.ts';

/** Ordered routing rules: the first whose matchers all match an alarm's labels routes it. */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    matchers: jsonb('matchers').$type<AlarmMatcher[]>().notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id),
    subGroupId: uuid('sub_group_id').references(() => subgroups.id),
    areaCodes: text('area_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publicNoteTemplate: text('public_note_template').notNull().default(''),
    restorationMessage: text('restoration_message').notNull().default(''),
    autoResolve: boolean('auto_resolve').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_rules_position').on(t.position)],
);

/**
 * One alarm, by its source's key (Alertmanager's fingerprint, or the generic key). A repeat moves
 * `last_seen` only; a firing after a recovery fires again on the same row.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    key: text('key').notNull(),
    /** The client that posted it last: a flood of distinct keys is bounded per client. */
    clientId: uuid('client_id').references(() => apiClients.id),
    status: text('status', { enum: ALARM_STATUSES }).notNull(),
    severity: text('severity'),
    summary: text('summary').notNull(),
    labels: jsonb('labels').$type<AlarmLabels>().notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull().defaultNow(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    incidentId: bigint('incident_id', { mode: 'number' }).references(() => incidents.id),
    /** The rule that routed it; null: unrouted. */
    ruleId: uuid('rule_id').references(() => alarmRules.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('alarms_source_key').on(t.source, t.key),
    index('alarms_recent').on(t.lastSeen.desc()),
    index('alarms_firing')
      .on(t.lastSeen.desc())
      .where(sql`status = 'firing'`),
    index('alarms_unrouted')
      .on(t.lastSeen.desc())
      .where(sql`status = 'firing' and rule_id is null`),
    index('alarms_client_firing')
      .on(t.clientId)
      .where(sql`status = 'firing'`),
    index('alarms_incident').on(t.incidentId),
    oneOf('alarms', t.status, ALARM_STATUSES),
  ],
);

/** The last deliveries (at most 200 kept), newest first on the screen. */
export const alarmDeliveries = pgTable('alarm_deliveries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  source: text('source').notNull(),
  clientId: uuid('client_id').references(() => apiClients.id),
  alarms: integer('alarms').notNull(),
  firing: integer('firing').notNull(),
  resolved: integer('resolved').notNull(),
});
