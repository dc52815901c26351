/**
 * The integration API's tables (DESIGN.md §21): the clients that call the desk with a token, the
 * webhook endpoints that hear from it, and the deliveries to them (a channel of the durable outbox
 * of §13 with a queue of its own: a delivery carries an event, not a message).
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { API_SCOPES, DEPARTMENTS, WEBHOOK_DELIVERY_STATUSES, type ApiScope, type WebhookEvent } from '@switchboard/shared';
import { createdAt } from './columns.ts';
import { users } from './desk.schema.ts';
import { oneOf } from './value-sets.ts';

export const apiClients = pgTable(
  'api_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The rights it acts with: a staff member's of this department (DESIGN.md §6). */
    department: text('department', { enum: DEPARTMENTS }).notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    /** SHA-256 of the token's secret part, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** The account (kind 'client') that its comments, forwards and tickets name. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('api_clients_page').on(t.createdAt.desc()),
    oneOf('api_clients', t.department, DEPARTMENTS),
    check(
      'api_clients_scopes_check',
      sql`${t.scopes} <@ ARRAY[${sql.raw(API_SCOPES.map((scope) => `'${scope}'`).join(', '))}]::text[]`,
    ),
  ],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The payloads carry the objects as a staff member of this department reads them. */
    department: text('department', { enum: DEPARTMENTS }).notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    /** `whsec_…`: kept, because every delivery is signed with it. */
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [oneOf('webhook_endpoints', t.department, DEPARTMENTS)],
);

/**
 * One event for one endpoint. Its id is the `webhook-id` of every attempt; `seq` orders the events
 * of one subject (`ordering_key`, a ticket or an incident) so that they are delivered in order.
 * `subject` names what the event is about; `body` is rendered at the first attempt and sent
 * unchanged on every retry.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    orderingKey: text('ordering_key'),
    subject: jsonb('subject').$type<Record<string, unknown>>().notNull(),
    body: text('body'),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The worker's queue: pending deliveries, soonest first.
    index('webhook_deliveries_due')
      .on(t.dueAt)
      .where(sql`status = 'pending'`),
    // The order within a subject: an earlier pending delivery of the same endpoint and subject goes first.
    index('webhook_deliveries_order')
      .on(t.endpointId, t.orderingKey, t.seq)
      .where(sql`status = 'pending'`),
    // The log of an endpoint, newest first.
    index('webhook_deliveries_log').on(t.endpointId, t.createdAt.desc()),
    oneOf('webhook_deliveries', t.status, WEBHOOK_DELIVERY_STATUSES),
  ],
);
