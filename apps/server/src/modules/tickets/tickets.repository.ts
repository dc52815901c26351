import { and, asc, eq, getTableColumns, inArray, isNotNull, lt, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { IssuedTo, Language, TicketStatus } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { subgroups, tickets, ticketStatusEvents, users } from '../../db/schema.ts';
import { auditEntryOf, auditEntryParams, type AuditEntry } from '../audit/audit.repository.ts';
import { notifyWithTicketId, ticketEventParams } from '../events/events.repository.ts';
import type { TicketEvent } from '../events/publish.ts';
import { replyMayBeTold } from '../notifications/notifications.repository.ts';

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;

/** A ticket with the current names of its issuer (null for the public form) and of its assignee, and whether it is overdue. */
export type TicketWithIssuer = TicketRow & {
  issuerName: string | null;
  assigneeName: string | null;
  overdue: boolean;
  /** Past its warning time and not yet due (DESIGN.md §26). */
  dueSoon: boolean;
  /** The subgroup's Bangla name now (the ticket stores the English one it was raised with). */
  subGroupBn: string | null;
  /** The issuer account's current language (null for the public form): the one to tell them in. */
  issuerAccountLanguage: Language | null;
};

/**
 * Whether the ticket is past its due time (DESIGN.md §17), by the database's clock: a ticket exactly
 * at its due time is not overdue yet. Closed tickets have no due time, so are never overdue.
 */
export function overdueOf(dueAt: AnyPgColumn) {
  return sql<boolean>`coalesce(${dueAt} < now(), false)`;
}

/**
 * Whether the ticket is due soon (DESIGN.md §26): its warning time has come and its due time not yet
 * gone. A ticket that waits for its customer has neither.
 */
export function dueSoonOf(warnAt: AnyPgColumn, dueAt: AnyPgColumn) {
  return sql<boolean>`coalesce(${warnAt} <= now() and ${dueAt} >= now(), false)`;
}

/** The current name of the user in `userId` (the assignee or the issuer of a row): one primary-key lookup per row. */
export function userNameOf(userId: AnyPgColumn) {
  return sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${userId})`;
}

/** What a new ticket's own statement writes beside it: its audit entry and its live event, both naming the new id. */
export interface NewTicketTrail {
  audit: Omit<AuditEntry, 'target'>;
  event: Omit<TicketEvent, 'ticket_id'>;
}

/** The columns a new ticket is given; the database fills in the rest. */
const NEW_TICKET_COLUMNS = [
  'title',
  'description',
  'problematicNumber',
  'issuedTo',
  'ticketStatus',
  'issuerUserId',
  'issuerNumber',
  'issuerUserType',
  'clientEmail',
  'issuerLanguage',
  'attachments',
  'groupId',
  'groupName',
  'subGroupId',
  'subGroupName',
] as const;

export type NewTicket = Required<Pick<NewTicketRow, (typeof NEW_TICKET_COLUMNS)[number]>>;

const TICKET_COLUMNS = Object.keys(getTableColumns(tickets)) as (keyof TicketRow)[];

/** A new ticket, its audit entry and its event as one statement (CTEs), each value a placeholder. */
function ticketWithTrailStatement(db: Db) {
  const values = Object.fromEntries(NEW_TICKET_COLUMNS.map((key) => [key, sql.placeholder(key)])) as Record<
    (typeof NEW_TICKET_COLUMNS)[number],
    Placeholder
  >;
  const inserted = db.$with('inserted').as(db.insert(tickets).values(values).returning());
  const audited = db.$with('audited', {}).as(auditEntryOf(sql`'ticket:' || ${inserted.ticketId}`, sql`${inserted}`));
  const columns = Object.fromEntries(TICKET_COLUMNS.map((key) => [key, inserted[key]])) as typeof inserted._.selectedFields;
  return db
    .with(inserted, audited)
    .select({ ...columns, notified: notifyWithTicketId(sql`${inserted.ticketId}`) })
    .from(inserted)
    .prepare('insert_ticket_with_trail');
}

const ticketWithTrail = preparedPerDatabase(ticketWithTrailStatement);

/**
 * Inserts a ticket with its audit entry and its event in one statement: one round trip and no
 * transaction of its own, as one statement is atomic (DESIGN.md §10). The event is heard when the
 * statement commits, or with the caller's transaction.
 */
export async function insertTicketWithTrail(db: Db, ticket: NewTicket, trail: NewTicketTrail): Promise<TicketRow> {
  const [row] = await ticketWithTrail(db).execute({
    ...ticket,
    ...auditEntryParams(trail.audit),
    ...ticketEventParams(trail.event),
  });
  if (!row) throw new Error('insert into tickets returned no row');
  const { notified: _, ...created } = row;
  return created;
}

/** What every view of a ticket shows beside the ticket's own columns: names and flags. */
export const TICKET_WITH_ISSUER_FIELDS = {
  ticket: tickets,
  issuerName: users.name,
  issuerAccountLanguage: users.language,
  assigneeName: userNameOf(tickets.assigneeUserId),
  overdue: overdueOf(tickets.dueAt),
  dueSoon: dueSoonOf(tickets.warnAt, tickets.dueAt),
  subGroupBn: sql<
    string | null
  >`(select ${subgroups.subGroupBn} from ${subgroups} where ${subgroups.id} = ${tickets.subGroupId})`,
};

/** A ticket with the names and flags every view of it shows, by its id (read on every ticket request). */
const ticketWithIssuer = preparedPerDatabase((db) =>
  db
    .select(TICKET_WITH_ISSUER_FIELDS)
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.issuerUserId))
    .where(eq(tickets.ticketId, sql.placeholder('ticketId')))
    .prepare('ticket_with_issuer'),
);

type TicketWithIssuerFields = { ticket: TicketRow } & Omit<TicketWithIssuer, keyof TicketRow>;

/** The flat ticket of a row selected with TICKET_WITH_ISSUER_FIELDS. */
export function ticketWithIssuerOf({ ticket, ...names }: TicketWithIssuerFields): TicketWithIssuer {
  return { ...ticket, ...names };
}

export async function findTicketWithIssuer(db: Db, ticketId: number): Promise<TicketWithIssuer | undefined> {
  const [row] = await ticketWithIssuer(db).execute({ ticketId });
  return row && ticketWithIssuerOf(row);
}

/**
 * Reads a ticket and locks its row until the transaction ends, so that two forwards (or a forward
 * and a resolve) of the same ticket run one after the other: the second one sees the first one's
 * holder and status and is refused instead of overwriting them.
 */
export async function lockTicket(db: Db, ticketId: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.ticketId, ticketId)).for('update');
  return row;
}

/**
 * Locks up to `limit` unsolved tickets that have waited for their customer since before `before`,
 * longest first (tickets_waiting), skipping the rows another process holds: two processes never
 * take the same ticket, and a row resolved meanwhile no longer waits, so each is taken once.
 */
export async function lockTicketsWaitingSince(db: Db, before: Date, limit: number): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(and(isNotNull(tickets.waitingSince), lt(tickets.waitingSince, before), ne(tickets.ticketStatus, 'closed')))
    .orderBy(asc(tickets.waitingSince))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Hands a ticket to another holder (a forward), with the status it has from then on. The new
 * holder starts with nobody on it: the assignee was a member of the department that let it go.
 */
export async function updateTicketHolder(
  db: Db,
  ticketId: number,
  issuedTo: IssuedTo,
  ticketStatus: TicketStatus,
): Promise<void> {
  await db
    .update(tickets)
    .set({ issuedTo, ticketStatus, assigneeUserId: null, updatedAt: sql`now()` })
    .where(eq(tickets.ticketId, ticketId));
}

/** Solves the tickets in one statement: the resolve of ticket-workflow.ts, for one ticket or an incident's. */
export async function closeTickets(db: Db, ticketIds: number[]): Promise<void> {
  if (ticketIds.length === 0) return;
  await db
    .update(tickets)
    .set({ ticketStatus: 'closed', resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(inArray(tickets.ticketId, ticketIds));
}

/**
 * Closes a ticket merged into `into` (DESIGN.md §27): closed with resolved_at as any close, so that
 * every reader of closed tickets (reports, the SMS answers' window) needs no second rule, and with
 * merged_into, which keeps it from being merged, merged into or reopened again.
 */
export async function closeMergedTicket(db: Db, ticketId: number, into: number): Promise<void> {
  await db
    .update(tickets)
    .set({ ticketStatus: 'closed', mergedInto: into, resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(tickets.ticketId, ticketId));
}

/** Marks a ticket changed now (a merge brought a conversation onto it): its last activity moves. */
export async function touchTicket(db: Db, ticketId: number): Promise<void> {
  await db
    .update(tickets)
    .set({ updatedAt: sql`now()` })
    .where(eq(tickets.ticketId, ticketId));
}

/**
 * What a comment does to its ticket's wait for the customer (DESIGN.md §26): starts one (a staff
 * reply that waits), ends the one under way (the issuer's answer, a staff reply that does not
 * wait), or nothing. The workflow decides (ticket-workflow.ts, waitAfterComment).
 */
export type WaitChange = 'start' | 'end' | null;

/** The SET terms of a wait change: a wait started keeps an earlier start; an ended one adds its working time (ticket-workflow.sql). */
function waitTerms(wait: WaitChange): SQL {
  if (wait === 'start')
    return sql`,
      waiting_since = coalesce(t.waiting_since, now())`;
  if (wait === 'end')
    return sql`,
      waited_seconds = waited_seconds_after_wait(t.issued_to, t.waiting_since, t.waited_seconds),
      waiting_since = null`;
  return sql``;
}

/**
 * The ticket's side of a comment, as a CTE of the comment's statement (comments.repository.ts):
 * its `updated_at`, the reply throttle (`tellsIssuer`: the comment has messages for the issuer),
 * when `moving`, the status move of the workflow (statusAfterComment), only if the ticket still has
 * the status it was read with, so a resolve or reopen that happened meanwhile wins, and the `wait`
 * change. A reopen clears resolved_at and sets reopened_at. The row is locked first and read as it
 * was: `moved`, `told` and `wait_changed` (with `waited_now`, the seconds an ended wait added) say
 * what this comment changed. A second comment on the same ticket waits for the lock, then sees the
 * first one's status, `reply_told_at` and wait. Only a moving or waiting comment names the status
 * or wait columns: naming them, even unchanged, runs the due-time trigger (service-levels.sql),
 * which also keeps a solved ticket from waiting.
 */
export function ticketChangeOfComment(moving: boolean, wait: WaitChange = null): SQL {
  const from = sql`${sql.placeholder('moveFrom')}::text`;
  const moves = moving ? sql`coalesce(was.ticket_status = ${from}, false)` : sql`false`;
  const tells = sql`(${sql.placeholder('tellsIssuer')}::boolean and ${replyMayBeTold(sql`was.reply_told_at`)})`;
  const move = sql`,
      ticket_status = case when ${moves} then ${sql.placeholder('moveTo')}::text else t.ticket_status end,
      resolved_at = case when ${moves} then null else t.resolved_at end,
      reopened_at = case when ${moves} and ${from} = 'closed' then now() else t.reopened_at end`;
  const waitChanged = wait ? sql`(was.waiting_since is null) <> (t.waiting_since is null)` : sql`false`;
  return sql`update ${tickets} t set
      updated_at = now(),
      reply_told_at = case when ${tells} then now() else t.reply_told_at end${moving ? move : sql``}${waitTerms(wait)}
    from (select ticket_id, ticket_status, reply_told_at, waiting_since, waited_seconds from ${tickets}
      where ticket_id = ${sql.placeholder('ticketId')} for no key update) was
    where t.ticket_id = was.ticket_id
    returning ${moves} as moved, ${tells} as told, ${waitChanged} as wait_changed,
      t.waited_seconds - was.waited_seconds as waited_now`;
}

/** A move of a ticket into or out of closed: a resolve or a reopen, and who made it. */
export type NewStatusChange = typeof ticketStatusEvents.$inferInsert;

/**
 * Writes down resolves and reopens, in one statement, inside the transaction that moved the
 * tickets: the number's history (DESIGN.md §12) shows every one of them, not only the last.
 */
export async function recordStatusChanges(db: Db, rows: NewStatusChange[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(ticketStatusEvents).values(rows);
}
