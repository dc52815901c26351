/**
 * The desk's own tables (DESIGN.md §4): people, groups, tickets with their conversation and
 * routing, and incidents. schema.ts re-exports them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_KINDS,
  DEFAULT_LANGUAGE,
  DEFAULT_TICKET_PRIORITY,
  DEPARTMENTS,
  COMMENT_SOURCES,
  INCIDENT_OPENERS,
  INCIDENT_STATUSES,
  ISSUED_TO_VALUES,
  ISSUER_USER_TYPES,
  LANGUAGES,
  ROLES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  USER_TYPES,
} from '@switchboard/shared';
import { createdAt } from './columns.ts';
import { oneOf, rankOf } from './value-sets.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    productNumber: text('product_number').notNull(),
    phoneNumber: text('phone_number'),
    userType: text('user_type', { enum: USER_TYPES }).notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    tokenVersion: integer('token_version').notNull().default(0),
    // The language the person last used the desk in (DESIGN.md §16): what they are told in by SMS.
    language: text('language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    // A person, or the account of an API client (DESIGN.md §21): lists of people show persons only.
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull().default('person'),
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
    // The users table of the admins: live users, newest first, 10 a page. Name, id and number ride
    // along, so that a search walking the newest users filters them in the index alone. NULLS FIRST
    // is the order of `created_at desc`: the planner matches an index only when the two agree.
    index('users_live_page')
      .on(t.createdAt.desc().nullsFirst(), t.name, t.id, t.productNumber)
      .where(sql`deleted_at is null`),
    // A search of users by part of a name or number (users-list.repository.ts, userSearchOf).
    index('users_name_trgm')
      .using('gin', t.name.op('gin_trgm_ops'))
      .where(sql`deleted_at is null`),
    index('users_product_number_trgm')
      .using('gin', t.productNumber.op('gin_trgm_ops'))
      .where(sql`deleted_at is null`),
    oneOf('users', t.userType, USER_TYPES),
    oneOf('users', t.role, ROLES),
    oneOf('users', t.language, LANGUAGES),
    oneOf('users', t.kind, ACCOUNT_KINDS),
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
    issuedTo: text('issued_to', { enum: ISSUED_TO_VALUES }).notNull().default('cc'),
    issuerUserId: uuid('issuer_user_id').references(() => users.id),
    issuerNumber: text('issuer_number'),
    issuerUserType: text('issuer_user_type', { enum: ISSUER_USER_TYPES }).notNull(),
    ticketStatus: text('ticket_status', { enum: TICKET_STATUSES }).notNull().default('open'),
    groupId: uuid('group_id').references(() => groups.id),
    groupName: text('group_name').notNull(),
    subGroupId: uuid('sub_group_id').references(() => subgroups.id),
    subGroupName: text('sub_group_name'),
    clientEmail: text('client_email'),
    // The language of whoever raised the ticket, at the time; the public form's issuer is told in it.
    issuerLanguage: text('issuer_language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    incidentId: bigint('incident_id', { mode: 'number' }).references((): AnyPgColumn => incidents.id),
    // The staff member of the holding department who took the ticket (DESIGN.md §19).
    assigneeUserId: uuid('assignee_user_id').references(() => users.id),
    // Service levels (DESIGN.md §17). The first staff reply, set by a trigger on comments
    // (modules/tickets/ticket-workflow.sql), and the last reopen, set by the reopening comment.
    firstStaffReplyAt: timestamp('first_staff_reply_at', { withTimezone: true }),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    // When the ticket is due by its holder's levels; null when closed or held by an agent. Kept by
    // the triggers on tickets and service_levels (modules/service-levels/service-levels.sql), never
    // written by the app.
    dueAt: timestamp('due_at', { withTimezone: true }),
    // Service levels II (DESIGN.md §26), kept by the same triggers: when it is due soon; since when
    // it waits for the customer (its clock stopped) and the working seconds it waited before; how
    // far the warnings went (0 none, 1 due soon, 2 breached, 3 escalated), so each is told once.
    warnAt: timestamp('warn_at', { withTimezone: true }),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    waitedSeconds: integer('waited_seconds').notNull().default(0),
    slaStage: smallint('sla_stage').notNull().default(0),
    // When the issuer was last told of a reply: the reply throttle (DESIGN.md §13) is a condition on
    // this row, so the write that tells holds the row's lock and two replies at once tell once.
    replyToldAt: timestamp('reply_told_at', { withTimezone: true }),
    // Staff's judgement of the ticket (DESIGN.md §30), never shown to agents or customers.
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default(DEFAULT_TICKET_PRIORITY),
    // The ticket a merge closed this one into (DESIGN.md §27): the view leads there.
    mergedInto: bigint('merged_into', { mode: 'number' }).references((): AnyPgColumn => tickets.ticketId),
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
    index('tickets_assignee_created')
      .on(t.assigneeUserId, t.createdAt)
      .where(sql`assignee_user_id is not null`),
    // A merge's search for its target by title (DESIGN.md §27); the text search reads ticket_words.
    index('tickets_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('tickets_incident')
      .on(t.incidentId, t.createdAt)
      .where(sql`incident_id is not null`),
    // The dashboard's backlog: each holder's unsolved tickets by status and due time, counted from
    // the index alone (the status index would fetch every unsolved ticket's row).
    index('tickets_backlog')
      .on(t.issuedTo, t.ticketStatus, t.dueAt)
      .where(sql`ticket_status in ('open', 'in_progress')`),
    // The dashboard's tickets solved per day and resolve times: a range of days.
    index('tickets_resolved')
      .on(t.resolvedAt)
      .where(sql`resolved_at is not null`),
    oneOf('tickets', t.issuedTo, ISSUED_TO_VALUES),
    oneOf('tickets', t.issuerUserType, ISSUER_USER_TYPES),
    oneOf('tickets', t.ticketStatus, TICKET_STATUSES),
    oneOf('tickets', t.issuerLanguage, LANGUAGES),
    oneOf('tickets', t.priority, TICKET_PRIORITIES),
    // The list's orders (DESIGN.md §30), each with the id that breaks its ties, so that a page is
    // the index's next entries whichever end it is read from (ticket-list.repository.ts).
    index('tickets_activity').on(t.updatedAt, t.ticketId),
    // The priority filter, newest first like the other filters' indexes, and its count.
    index('tickets_priority_created').on(t.priority, t.createdAt),
    index('tickets_priority').on(rankOf(t.priority, TICKET_PRIORITIES), t.ticketId),
    // The due order puts the tickets without a due time (solved, or held by an agent) last both
    // ways, so each way has its index; read backwards, each serves the other end's pages. Either
    // makes the Overdue filter a range (they replace tickets_due, due_at where not null).
    index('tickets_due_first').on(t.dueAt.asc().nullsLast(), t.ticketId.asc()),
    index('tickets_due_last').on(t.dueAt.desc().nullsLast(), t.ticketId.desc()),
    // The working queue (unsolved tickets, mostly a few in a hundred of a desk's) by priority or
    // by last change, without stepping over the solved ones.
    index('tickets_unsolved_priority')
      .on(rankOf(t.priority, TICKET_PRIORITIES), t.ticketId)
      .where(sql`ticket_status <> 'closed'`),
    // The warnings' scan (DESIGN.md §26): unsolved tickets whose next warning may be due.
    index('tickets_sla_pending')
      .on(t.warnAt)
      .where(sql`ticket_status <> 'closed' and sla_stage < 3 and waiting_since is null`),
    index('tickets_waiting')
      .on(t.waitingSince)
      .where(sql`waiting_since is not null`),
    index('tickets_unsolved_activity')
      .on(t.updatedAt, t.ticketId)
      .where(sql`ticket_status <> 'closed'`),
    // A merge target's sources (retention removes them with it; a removal's foreign-key check reads it).
    index('tickets_merged_into')
      .on(t.mergedInto)
      .where(sql`merged_into is not null`),
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
    commenterUserType: text('commenter_user_type', { enum: USER_TYPES }).notNull(),
    message: text('message').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    /** How it reached the desk (DESIGN.md §24): the web or the API, an SMS, an e-mail. */
    source: text('source', { enum: COMMENT_SOURCES }).notNull().default('web'),
    // The ticket it was written on, when a merge moved it (DESIGN.md §27).
    fromTicketId: bigint('from_ticket_id', { mode: 'number' }).references((): AnyPgColumn => tickets.ticketId),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_ticket_created').on(t.ticketId, t.createdAt),
    // Comments a merge moved: the foreign-key check of a removed source ticket reads it.
    index('comments_from_ticket')
      .on(t.fromTicketId)
      .where(sql`from_ticket_id is not null`),
    oneOf('comments', t.commenterUserType, USER_TYPES),
    oneOf('comments', t.source, COMMENT_SOURCES),
  ],
);

export const forwardEvents = pgTable(
  'forward_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId),
    // The holder before the forward (any issued_to value) and the department it went to.
    previouslyIssuedTo: text('previously_issued_to', { enum: ISSUED_TO_VALUES }).notNull(),
    newlyIssuedTo: text('newly_issued_to', { enum: DEPARTMENTS }).notNull(),
    forwardCause: text('forward_cause').notNull(),
    isInForwardLoop: boolean('is_in_forward_loop').notNull().default(false),
    forwardedBy: uuid('forwarded_by').references(() => users.id),
    forwardedByName: text('forwarded_by_name').notNull(),
    // The ticket it was made on, when a merge moved it (DESIGN.md §27).
    fromTicketId: bigint('from_ticket_id', { mode: 'number' }).references((): AnyPgColumn => tickets.ticketId),
    createdAt: createdAt(),
  },
  (t) => [
    index('forward_events_ticket').on(t.ticketId, t.createdAt),
    index('forward_events_from_ticket')
      .on(t.fromTicketId)
      .where(sql`from_ticket_id is not null`),
    // The next three served the forwarded list before forward_chain_members (0009). Nothing reads
    // them now; they go in a later migration, once no process of an earlier version runs.
    index('forward_events_created').on(t.createdAt),
    index('forward_events_recipient').on(t.newlyIssuedTo, t.ticketId),
    index('forward_events_forwarder_loop')
      .on(t.previouslyIssuedTo, t.ticketId)
      .where(sql`is_in_forward_loop`),
    oneOf('forward_events', t.previouslyIssuedTo, ISSUED_TO_VALUES),
    oneOf('forward_events', t.newlyIssuedTo, DEPARTMENTS),
  ],
);

/**
 * The forwarded-tickets list (DESIGN.md §6): one row per ticket in a department's forward chains
 * (it received the ticket, or forwarded it and stayed in the loop), with the ticket's last forward,
 * so that a page is an index range. Derived from forward_events by triggers on every insert, update
 * and delete there, whoever writes them (modules/forwarding/forward-chain.sql, docs/decisions.md).
 */
export const forwardChainMembers = pgTable(
  'forward_chain_members',
  {
    department: text('department', { enum: DEPARTMENTS }).notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId),
    lastForwardedAt: timestamp('last_forwarded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Ticket first: a forward rewrites the rows of one ticket.
    primaryKey({ columns: [t.ticketId, t.department] }),
    index('forward_chain_members_recent').on(t.department, t.lastForwardedAt, t.ticketId),
    oneOf('forward_chain_members', t.department, DEPARTMENTS),
  ],
);

/** One fault behind many tickets (DESIGN.md §14); its tickets point at it through `tickets.incident_id`. */
export const incidents = pgTable(
  'incidents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    groupId: uuid('group_id').references(() => groups.id),
    subGroupId: uuid('sub_group_id').references(() => subgroups.id),
    status: text('status', { enum: INCIDENT_STATUSES }).notNull().default('active'),
    publicNote: text('public_note'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionMessage: text('resolution_message'),
    /** A person, or a routed network alarm (DESIGN.md §22); `created_by` is null for an alarm's. */
    openedBy: text('opened_by', { enum: INCIDENT_OPENERS }).notNull().default('staff'),
    /** The areas it affects (DESIGN.md §23). */
    areaCodes: text('area_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The alarm rule that opened it: its auto-resolve and restoration message decide the recovery.
     * No foreign key (the rules' table is defined on top of this one): a deleted rule's incidents
     * find none and ask staff.
     */
    alarmRuleId: uuid('alarm_rule_id'),
    /** Since when every alarm behind it is resolved; null while one fires (a firing clears it). */
    alarmsClearSince: timestamp('alarms_clear_since', { withTimezone: true }),
    /** When the hold-down passed without a firing and staff were asked to resolve. */
    networkRecoveredAt: timestamp('network_recovered_at', { withTimezone: true }),
  },
  (t) => [
    index('incidents_status_created').on(t.status, t.createdAt),
    // The recovery sweep: active incidents whose alarms are all resolved, by since when.
    index('incidents_alarms_clear')
      .on(t.alarmsClearSince)
      .where(sql`status = 'active' and alarms_clear_since is not null`),
    oneOf('incidents', t.openedBy, INCIDENT_OPENERS),
    // The public notes of a subgroup's active incidents.
    index('incidents_active_subgroup')
      .on(t.subGroupId)
      .where(sql`status = 'active'`),
    oneOf('incidents', t.status, INCIDENT_STATUSES),
  ],
);

/**
 * A suggested incident (DESIGN.md §14) that a department dismissed: the burst of that subgroup
 * stays hidden from the department's staff while the reports it saw are in the window. A burst
 * whose every report came after the dismissal is a new one, and shows again.
 */
export const incidentDismissals = pgTable(
  'incident_dismissals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    department: text('department', { enum: DEPARTMENTS }).notNull(),
    subGroupId: uuid('sub_group_id')
      .notNull()
      .references(() => subgroups.id),
    dismissedBy: uuid('dismissed_by').references(() => users.id),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The dismissals of a department within the window, read with every look at the suggestions.
    index('incident_dismissals_department_at').on(t.department, t.dismissedAt),
    oneOf('incident_dismissals', t.department, DEPARTMENTS),
  ],
);
