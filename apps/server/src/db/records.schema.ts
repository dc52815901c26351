/**
 * What the desk records about its traffic (DESIGN.md §4, §7, §8, §13, §17): sign-in codes and
 * failures, spent bot checks, upload grants, messages to issuers and the audit trail. Re-exported by
 * schema.ts, the one schema drizzle reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DELIVERY_REPORTS, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from '@switchboard/shared';
import { createdAt } from './columns.ts';
import { tickets, users } from './desk.schema.ts';
import { broadcasts } from './subscribers.schema.ts';
import { oneOf } from './value-sets.ts';

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productNumber: text('product_number').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
    ip: text('ip'),
  },
  (t) => [index('otp_codes_number_created').on(t.productNumber, t.createdAt)],
);

/**
 * Wrong sign-in codes, one row each, with the address that sent them (DESIGN.md §7): budgets per
 * (number, address) and per number over all addresses are counted from here, so that a stranger's
 * guesses cannot lock the owner of a number out.
 */
export const otpFailures = pgTable(
  'otp_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productNumber: text('product_number').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('otp_failures_number_created').on(t.productNumber, t.createdAt)],
);

export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    uploaderUserId: uuid('uploader_user_id').references(() => users.id),
    isPublic: boolean('is_public').notNull().default(false),
    contentType: text('content_type'),
    size: integer('size'),
    createdAt: createdAt(),
    storedAt: timestamp('stored_at', { withTimezone: true }),
    usedBy: text('used_by'),
  },
  (t) => [
    index('uploads_unused_created')
      .on(t.createdAt)
      .where(sql`used_by is null`),
  ],
);

export const captchaUsed = pgTable('captcha_used', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Append-only: triggers (modules/audit/audit.sql) refuse UPDATE, DELETE and TRUNCATE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The audit screen filters by one of these and reads newest first (GET /audit).
  (t) => [
    index('audit_log_at').on(t.at),
    index('audit_log_actor').on(t.actorUserId, t.at),
    index('audit_log_action').on(t.action, t.at),
    index('audit_log_target').on(t.target, t.at),
  ],
);

/**
 * Messages to a ticket's issuer and public-form receipts (DESIGN.md §13), written in the transaction
 * of the change that causes them and sent by the outbox worker of every server process.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => tickets.ticketId),
    /** The outage broadcast it belongs to (DESIGN.md §23): sent at the shared pace, not by the issuers' queue. */
    broadcastId: uuid('broadcast_id').references(() => broadcasts.id),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What the SMS gateway reported later (DESIGN.md §24): delivered, failed or expired, and when. */
    delivery: text('delivery', { enum: DELIVERY_REPORTS }),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }),
    /** An e-mail's `Message-ID` (without brackets), stored with its first claim, before it leaves: a reply's In-Reply-To finds its ticket. */
    messageId: text('message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // The worker's queue: pending messages to issuers, soonest first.
    index('outbox_messages_due')
      .on(t.dueAt)
      .where(sql`status = 'pending' and broadcast_id is null`),
    // The broadcast sender's queue, and each broadcast's progress.
    index('outbox_messages_broadcast_due')
      .on(t.dueAt)
      .where(sql`status = 'pending' and broadcast_id is not null`),
    uniqueIndex('outbox_messages_broadcast_recipient')
      .on(t.broadcastId, t.recipient)
      .where(sql`broadcast_id is not null`),
    index('outbox_messages_ticket').on(t.ticketId, t.createdAt),
    // The admins' Failed list: sends that kept failing, and messages reported undelivered (DESIGN.md §24).
    index('outbox_messages_failed')
      .on(t.createdAt)
      .where(sql`(status = 'failed' or delivery in ('failed', 'expired'))`),
    // The admins' channel view: the last delivery report and the reports of the last day.
    index('outbox_messages_delivery')
      .on(t.deliveryAt)
      .where(sql`delivery_at is not null`),
    oneOf('outbox_messages', t.channel, NOTIFICATION_CHANNELS),
    oneOf('outbox_messages', t.kind, NOTIFICATION_KINDS),
    oneOf('outbox_messages', t.status, NOTIFICATION_STATUSES),
    oneOf('outbox_messages', t.delivery, DELIVERY_REPORTS),
    uniqueIndex('outbox_messages_message_id')
      .on(t.messageId)
      .where(sql`message_id is not null`),
  ],
);
