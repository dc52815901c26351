import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { IssuedTo, IssuerUserType, Language, TicketStatus } from '@switchboard/shared';
import { boundedCount, cappedCount, type CountStatement } from '../../db/bounded-count.ts';
import { preparedPerDatabase, preparedPerShape } from '../../db/prepared.ts';
import type { Db } from '../../db/client.ts';
import { comments, subgroups, tickets, ticketStatusEvents, users } from '../../db/schema.ts';
import { auditEntryOf, auditEntryParams, type AuditEntry } from '../audit/audit.repository.ts';
import { notifyWithTicketId, ticketEventParams } from '../events/events.repository.ts';
import type { TicketEvent } from '../events/publish.ts';

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;

/** A ticket with the current names of its issuer (null for the public form) and of its assignee, and whether it is overdue. */
export type TicketWithIssuer = TicketRow & {
  issuerName: string | null;
  assigneeName: string | null;
  overdue: boolean;
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

/** The current name of the user in `userId` (the assignee of a row): one primary-key lookup per row. */
export function assigneeNameOf(userId: AnyPgColumn) {
  return sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${userId})`;
}

/** Conditions of the ticket list; every field narrows, absent fields do not. */
export interface TicketFilter {
  issuerUserId?: string;
  issuerUserType?: IssuerUserType;
  groupId?: string;
  subGroupId?: string;
  ticketId?: number;
  issuedTo?: IssuedTo;
  status?: TicketStatus;
  /** Stored numbers from `from` (inclusive) to `before` (exclusive): a prefix search that an index serves. */
  numberRange?: { from: string; before: string | null };
  /** Calendar days in `timezone`, both included. */
  createdDays?: { start?: string; end?: string; timezone: string };
  /** Tickets assigned to this user, or (null) to nobody (DESIGN.md §19). */
  assigneeUserId?: string | null;
  /** Text in the title, the description or a comment; internal comments only when `internal` (DESIGN.md §19). */
  text?: { words: string; internal: boolean };
  /** Only tickets past their due time (DESIGN.md §17): a range of tickets_due. */
  overdue?: true;
}

/** `words` as a LIKE pattern that finds them anywhere: `%`, `_` and `\` typed by a person match themselves. */
export function containsPattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Tickets whose title, description or comments contain the text. Each arm is an ILIKE that the
 * trigram GIN indexes answer (tickets_title_trgm, tickets_description_trgm, comments_message_trgm);
 * the union of ticket ids is then joined to the list's other conditions and order, so the work
 * grows with the number of matches, never with the size of the tables.
 */
function textMatch(text: NonNullable<TicketFilter['text']>): SQL {
  const pattern = containsPattern(text.words);
  const inComments = text.internal
    ? sql`select ${comments.ticketId} from ${comments} where ${comments.message} ilike ${pattern}`
    : sql`select ${comments.ticketId} from ${comments} where ${comments.message} ilike ${pattern} and not ${comments.isInternal}`;
  return sql`${tickets.ticketId} in (
    select ${tickets.ticketId} from ${tickets} where ${tickets.title} ilike ${pattern}
    union all select ${tickets.ticketId} from ${tickets} where ${tickets.description} ilike ${pattern}
    union all ${inComments})`;
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

/** A ticket with the names and flags every view of it shows, by its id (read on every ticket request). */
const ticketWithIssuer = preparedPerDatabase((db) =>
  db
    .select({
      ticket: tickets,
      issuerName: users.name,
      issuerAccountLanguage: users.language,
      assigneeName: assigneeNameOf(tickets.assigneeUserId),
      overdue: overdueOf(tickets.dueAt),
      subGroupBn: sql<
        string | null
      >`(select ${subgroups.subGroupBn} from ${subgroups} where ${subgroups.id} = ${tickets.subGroupId})`,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.issuerUserId))
    .where(eq(tickets.ticketId, sql.placeholder('ticketId')))
    .prepare('ticket_with_issuer'),
);

export async function findTicketWithIssuer(db: Db, ticketId: number): Promise<TicketWithIssuer | undefined> {
  const [row] = await ticketWithIssuer(db).execute({ ticketId });
  return (
    row && {
      ...row.ticket,
      issuerName: row.issuerName,
      issuerAccountLanguage: row.issuerAccountLanguage,
      assigneeName: row.assigneeName,
      overdue: row.overdue,
      subGroupBn: row.subGroupBn,
    }
  );
}

/** A value of a condition as it is sent: itself, or a placeholder of a prepared statement. */
type Bind = <T>(value: T) => T | Placeholder;

const asValue: Bind = (value) => value;

function whereOf(filter: TicketFilter, bind: Bind = asValue): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.issuerUserId === undefined ? undefined : eq(tickets.issuerUserId, bind(filter.issuerUserId)),
    filter.issuerUserType === undefined ? undefined : eq(tickets.issuerUserType, bind(filter.issuerUserType)),
    filter.groupId === undefined ? undefined : eq(tickets.groupId, bind(filter.groupId)),
    filter.subGroupId === undefined ? undefined : eq(tickets.subGroupId, bind(filter.subGroupId)),
    filter.ticketId === undefined ? undefined : eq(tickets.ticketId, bind(filter.ticketId)),
    filter.issuedTo === undefined ? undefined : eq(tickets.issuedTo, bind(filter.issuedTo)),
    filter.status === undefined ? undefined : eq(tickets.ticketStatus, bind(filter.status)),
    filter.assigneeUserId === undefined
      ? undefined
      : filter.assigneeUserId === null
        ? isNull(tickets.assigneeUserId)
        : eq(tickets.assigneeUserId, bind(filter.assigneeUserId)),
    filter.text === undefined ? undefined : textMatch(filter.text),
    filter.overdue ? lt(tickets.dueAt, sql`now()`) : undefined,
  ];
  if (filter.numberRange) {
    conditions.push(gte(tickets.problematicNumber, bind(filter.numberRange.from)));
    if (filter.numberRange.before !== null) conditions.push(lt(tickets.problematicNumber, bind(filter.numberRange.before)));
  }
  const days = filter.createdDays;
  // Midnight of a day in the provider's zone, as an instant, so the created_at index is used.
  if (days?.start)
    conditions.push(gte(tickets.createdAt, sql`(${bind(days.start)}::date)::timestamp at time zone ${bind(days.timezone)}`));
  if (days?.end)
    conditions.push(lt(tickets.createdAt, sql`(${bind(days.end)}::date + 1)::timestamp at time zone ${bind(days.timezone)}`));
  return and(...conditions);
}

/** The columns of a ticket table row (spec §2), shared by every list of tickets. */
export const TICKET_LIST_COLUMNS = {
  ticketId: tickets.ticketId,
  title: tickets.title,
  problematicNumber: tickets.problematicNumber,
  issuedTo: tickets.issuedTo,
  issuerNumber: tickets.issuerNumber,
  issuerUserType: tickets.issuerUserType,
  clientEmail: tickets.clientEmail,
  createdAt: tickets.createdAt,
  ticketStatus: tickets.ticketStatus,
  assigneeUserId: tickets.assigneeUserId,
  dueAt: tickets.dueAt,
  overdue: overdueOf(tickets.dueAt).as('overdue'),
};

/**
 * The columns of the ticket table only (no description, no comments), with the issuer's name
 * joined to the page's rows only. `fromOldest` walks the index from the other end, so that the
 * last pages cost what the first pages cost.
 */
function selectPage(
  db: Db,
  where: SQL | undefined,
  offset: number | Placeholder,
  limit: number | Placeholder,
  fromOldest: boolean,
) {
  const order = fromOldest ? [asc(tickets.createdAt), asc(tickets.ticketId)] : [desc(tickets.createdAt), desc(tickets.ticketId)];
  const page = db
    .select({ ...TICKET_LIST_COLUMNS, issuerUserId: tickets.issuerUserId })
    .from(tickets)
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(limit)
    .as('page');
  return db
    .select({
      ticketId: page.ticketId,
      title: page.title,
      problematicNumber: page.problematicNumber,
      issuedTo: page.issuedTo,
      issuerNumber: page.issuerNumber,
      issuerUserType: page.issuerUserType,
      clientEmail: page.clientEmail,
      createdAt: page.createdAt,
      ticketStatus: page.ticketStatus,
      assigneeUserId: page.assigneeUserId,
      dueAt: page.dueAt,
      overdue: page.overdue,
      assigneeName: assigneeNameOf(page.assigneeUserId),
      issuerName: users.name,
    })
    .from(page)
    .leftJoin(users, eq(users.id, page.issuerUserId))
    .orderBy(desc(page.createdAt), desc(page.ticketId));
}
export type TicketListRow = Awaited<ReturnType<typeof selectPage>>[number];

/** A filter's conditions with placeholders p0, p1, … for its values; `text` is the shape's SQL. */
interface FilterShape {
  where: SQL | undefined;
  values: Record<string, unknown>;
  text: string;
}

const dialect = new PgDialect();

/** The shape of a filter, or null for a text search: the planner must see its pattern to use the trigram indexes. */
function shapeOf(filter: TicketFilter): FilterShape | null {
  if (filter.text !== undefined) return null;
  const values: Record<string, unknown> = {};
  const where = whereOf(filter, (value) => {
    const name = `p${Object.keys(values).length}`;
    values[name] = value;
    return sql.placeholder(name);
  });
  return { where, values, text: where ? dialect.sqlToQuery(where).sql : '' };
}

const countsByShape = preparedPerShape<ReturnType<ReturnType<typeof cappedCount>['prepare']>>('ticket_count');
const pagesByShape = preparedPerShape<ReturnType<ReturnType<typeof selectPage>['prepare']>>('ticket_page');

/** The bounded count of a filter's shape as a prepared statement (undefined: build it as usual). */
function countOfShape(db: Db, shape: FilterShape | null): CountStatement | undefined {
  const prepared = shape && countsByShape(db, shape.text, (name) => cappedCount(db, tickets, shape.where).prepare(name));
  if (!shape || !prepared) return undefined;
  return {
    key: `tickets\u0000${shape.text}\u0000${JSON.stringify(shape.values)}`,
    run: async () => (await prepared.execute(shape.values))[0]?.total ?? 0,
  };
}

/** A page of the filter, prepared per shape and end: offset and limit are placeholders too. */
function pageOf(db: Db, filter: TicketFilter, shape: FilterShape | null, offset: number, limit: number, fromOldest: boolean) {
  const prepared =
    shape &&
    pagesByShape(db, `${fromOldest ? 'oldest' : 'newest'} ${shape.text}`, (name) =>
      selectPage(db, shape.where, sql.placeholder('offset'), sql.placeholder('limit'), fromOldest).prepare(name),
    );
  if (!shape || !prepared) return selectPage(db, whereOf(filter), offset, limit, fromOldest);
  return prepared.execute({ ...shape.values, offset, limit });
}

/**
 * One page of tickets, newest first, and the number of matching tickets (estimated when large).
 * Both statements are prepared per filter shape, so drizzle builds nothing on a repeated request.
 */
export async function listTicketPage(
  db: Db,
  filter: TicketFilter,
  offset: number,
  limit: number,
): Promise<{ rows: TicketListRow[]; total: number; totalIsEstimate: boolean }> {
  const shape = shapeOf(filter);
  const count = () => boundedCount(db, tickets, whereOf(filter), countOfShape(db, shape));
  if (offset === 0) {
    // The first page is read from the newest end whatever the count says: both at once.
    const [counted, rows] = await Promise.all([count(), pageOf(db, filter, shape, 0, limit, false)]);
    return { rows, total: counted.total, totalIsEstimate: counted.estimated };
  }
  const { total, estimated } = await count();
  const fromOldest = total > 0 && offset > total / 2;
  const rows = fromOldest
    ? await pageOf(db, filter, shape, Math.max(0, total - offset - limit), Math.max(0, Math.min(limit, total - offset)), true)
    : await pageOf(db, filter, shape, offset, limit, false);
  return { rows, total, totalIsEstimate: estimated };
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

export async function closeTicket(db: Db, ticketId: number): Promise<void> {
  await closeTickets(db, [ticketId]);
}

/** Solves the tickets in one statement (an incident's resolve). */
export async function closeTickets(db: Db, ticketIds: number[]): Promise<void> {
  if (ticketIds.length === 0) return;
  await db
    .update(tickets)
    .set({ ticketStatus: 'closed', resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(inArray(tickets.ticketId, ticketIds));
}

/** Moves a ticket from one status to another; false when it was no longer in `from`. */
export async function moveTicketStatus(db: Db, ticketId: number, from: TicketStatus, to: TicketStatus): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({
      ticketStatus: to,
      updatedAt: sql`now()`,
      ...(to === 'closed' ? {} : { resolvedAt: null }),
      // A reopen starts the resolve level again (DESIGN.md §17): the due time counts from here.
      ...(from === 'closed' && to !== 'closed' ? { reopenedAt: sql`now()` } : {}),
    })
    .where(and(eq(tickets.ticketId, ticketId), eq(tickets.ticketStatus, from)))
    .returning({ ticketId: tickets.ticketId });
  return rows.length === 1;
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
