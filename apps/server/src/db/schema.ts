/** The whole data model (DESIGN.md §4). One schema, one generated migration set. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    productNumber: text('product_number').notNull(),
    phoneNumber: text('phone_number'),
    userType: text('user_type').notNull(),
    role: text('role').notNull().default('user'),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // A deleted user's number may be given to a new account.
    uniqueIndex('users_product_number_live')
      .on(t.productNumber)
      .where(sql`deleted_at is null`),
    index('users_user_type').on(t.userType),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupName: text('group_name').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('groups_name_live')
      .on(sql`lower(${t.groupName})`)
      .where(sql`deleted_at is null`),
  ],
);

export const subgroups = pgTable(
  'subgroups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id),
    subGroupBn: text('sub_group_bn').notNull(),
    subGroupEn: text('sub_group_en').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('subgroups_group').on(t.groupId)],
);

export const tickets = pgTable(
  'tickets',
  {
    ticketId: bigint('ticket_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    problematicNumber: text('problematic_number').notNull(),
    issuedTo: text('issued_to').notNull().default('cc'),
    issuerUserId: uuid('issuer_user_id').references(() => users.id),
    issuerNumber: text('issuer_number'),
    issuerUserType: text('issuer_user_type').notNull(),
    ticketStatus: text('ticket_status').notNull().default('open'),
    groupId: uuid('group_id').references(() => groups.id),
    groupName: text('group_name').notNull(),
    subGroupId: uuid('sub_group_id').references(() => subgroups.id),
    subGroupName: text('sub_group_name'),
    clientEmail: text('client_email'),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('tickets_created').on(t.createdAt),
    // Carries the other filter columns so that combinations with a status count from the index alone.
    index('tickets_status_created').on(t.ticketStatus, t.createdAt, t.issuedTo, t.issuerUserType, t.groupId, t.subGroupId),
    index('tickets_issued_to_created').on(t.issuedTo, t.createdAt),
    index('tickets_issuer_type_created').on(t.issuerUserType, t.createdAt),
    index('tickets_group_created').on(t.groupId, t.createdAt),
    index('tickets_subgroup_created').on(t.subGroupId, t.createdAt),
    index('tickets_problematic_number').on(t.problematicNumber, t.createdAt),
    index('tickets_issuer_created').on(t.issuerUserId, t.createdAt),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId),
    commenterUserId: uuid('commenter_user_id').references(() => users.id),
    commenterName: text('commenter_name').notNull(),
    commenterUserType: text('commenter_user_type').notNull(),
    message: text('message').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('comments_ticket_created').on(t.ticketId, t.createdAt)],
);

export const forwardEvents = pgTable(
  'forward_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId),
    previouslyIssuedTo: text('previously_issued_to').notNull(),
    newlyIssuedTo: text('newly_issued_to').notNull(),
    forwardCause: text('forward_cause').notNull(),
    isInForwardLoop: boolean('is_in_forward_loop').notNull().default(false),
    forwardedBy: uuid('forwarded_by').references(() => users.id),
    forwardedByName: text('forwarded_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('forward_events_ticket').on(t.ticketId, t.createdAt),
    // The forwarded-tickets list walks forwards newest first.
    index('forward_events_created').on(t.createdAt),
    index('forward_events_recipient').on(t.newlyIssuedTo, t.ticketId),
    index('forward_events_forwarder_loop')
      .on(t.previouslyIssuedTo, t.ticketId)
      .where(sql`is_in_forward_loop`),
  ],
);

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
  (t) => [index('audit_log_at').on(t.at)],
);
