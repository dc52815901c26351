import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { forwardEvents, groups, subgroups, tickets, users } from '../../db/schema.ts';

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;
export type ForwardEventRow = typeof forwardEvents.$inferSelect;

/** A ticket with the current name of its issuer (null for the public form). */
export type TicketWithIssuer = TicketRow & { issuerName: string | null };

/** Conditions of the ticket list; every field narrows, absent fields do not. */
export interface TicketFilter {
  issuerUserId?: string;
  issuerUserType?: string;
  groupId?: string;
  subGroupId?: string;
  ticketId?: number;
  issuedTo?: string;
  status?: string;
  /** Stored numbers from `from` (inclusive) to `before` (exclusive): a prefix search that an index serves. */
  numberRange?: { from: string; before: string | null };
  /** Calendar days in `timezone`, both included. */
  createdDays?: { start?: string; end?: string; timezone: string };
}

export async function insertTicket(db: Db, row: NewTicketRow): Promise<TicketRow> {
  const [ticket] = await db.insert(tickets).values(row).returning();
  if (!ticket) throw new Error('insert into tickets returned no row');
  return ticket;
}

export async function findTicketWithIssuer(db: Db, ticketId: number): Promise<TicketWithIssuer | undefined> {
  const [row] = await db
    .select({ ticket: tickets, issuerName: users.name })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.issuerUserId))
    .where(eq(tickets.ticketId, ticketId));
  return row && { ...row.ticket, issuerName: row.issuerName };
}

function whereOf(filter: TicketFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.issuerUserId === undefined ? undefined : eq(tickets.issuerUserId, filter.issuerUserId),
    filter.issuerUserType === undefined ? undefined : eq(tickets.issuerUserType, filter.issuerUserType),
    filter.groupId === undefined ? undefined : eq(tickets.groupId, filter.groupId),
    filter.subGroupId === undefined ? undefined : eq(tickets.subGroupId, filter.subGroupId),
    filter.ticketId === undefined ? undefined : eq(tickets.ticketId, filter.ticketId),
    filter.issuedTo === undefined ? undefined : eq(tickets.issuedTo, filter.issuedTo),
    filter.status === undefined ? undefined : eq(tickets.ticketStatus, filter.status),
  ];
  if (filter.numberRange) {
    conditions.push(gte(tickets.problematicNumber, filter.numberRange.from));
    if (filter.numberRange.before !== null) conditions.push(lt(tickets.problematicNumber, filter.numberRange.before));
  }
  const days = filter.createdDays;
  // Midnight of a day in the provider's zone, as an instant, so the created_at index is used.
  if (days?.start) conditions.push(gte(tickets.createdAt, sql`(${days.start}::date)::timestamp at time zone ${days.timezone}`));
  if (days?.end) conditions.push(lt(tickets.createdAt, sql`(${days.end}::date + 1)::timestamp at time zone ${days.timezone}`));
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
};

/** Counts are exact up to this many matching tickets; beyond it the planner's estimate is used. */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * The number of matching tickets. An exact count of a broad filter reads up to a million index
 * entries (150–300 ms on the benchmark corpus); counting at most EXACT_COUNT_LIMIT + 1 rows costs a
 * few milliseconds, and past that a person reads "about N" anyway (docs/performance.md).
 */
async function countTickets(db: Db, where: SQL | undefined): Promise<{ total: number; estimated: boolean }> {
  const capped = db
    .select({ one: sql`1` })
    .from(tickets)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  const total = counted?.total ?? 0;
  if (total <= EXACT_COUNT_LIMIT) return { total, estimated: false };
  return { total: Math.max(total, await estimateTickets(db, where)), estimated: true };
}

type ExplainRow = { 'QUERY PLAN': string | [{ Plan: { 'Plan Rows': number } }] };

async function estimateTickets(db: Db, where: SQL | undefined): Promise<number> {
  const query = db
    .select({ one: sql`1` })
    .from(tickets)
    .where(where);
  // Both drivers answer `execute` with `{ rows }`; pg parses the JSON plan, PGlite may not.
  const result: unknown = await db.execute(sql`explain (format json) ${query}`);
  const { rows } = result as { rows: ExplainRow[] };
  const cell = rows[0]?.['QUERY PLAN'];
  const plan = typeof cell === 'string' ? (JSON.parse(cell) as [{ Plan: { 'Plan Rows': number } }]) : cell;
  return Math.round(plan?.[0].Plan['Plan Rows'] ?? 0);
}

/**
 * The columns of the ticket table only (no description, no comments), with the issuer's name
 * joined to the page's rows only. `fromOldest` walks the index from the other end, so that the
 * last pages cost what the first pages cost.
 */
function selectPage(db: Db, where: SQL | undefined, offset: number, limit: number, fromOldest: boolean) {
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
      issuerName: users.name,
    })
    .from(page)
    .leftJoin(users, eq(users.id, page.issuerUserId))
    .orderBy(desc(page.createdAt), desc(page.ticketId));
}
export type TicketListRow = Awaited<ReturnType<typeof selectPage>>[number];

/** One page of tickets, newest first, and the number of matching tickets (estimated when large). */
export async function listTicketPage(
  db: Db,
  filter: TicketFilter,
  offset: number,
  limit: number,
): Promise<{ rows: TicketListRow[]; total: number; totalIsEstimate: boolean }> {
  const where = whereOf(filter);
  const { total, estimated } = await countTickets(db, where);
  const fromOldest = total > 0 && offset > total / 2;
  const rows = fromOldest
    ? await selectPage(db, where, Math.max(0, total - offset - limit), Math.max(0, Math.min(limit, total - offset)), true)
    : await selectPage(db, where, offset, limit, false);
  return { rows, total, totalIsEstimate: estimated };
}

export async function listForwardHistory(db: Db, ticketId: number): Promise<ForwardEventRow[]> {
  return db
    .select()
    .from(forwardEvents)
    .where(eq(forwardEvents.ticketId, ticketId))
    .orderBy(asc(forwardEvents.createdAt), asc(forwardEvents.id));
}

export async function findLiveGroup(db: Db, groupId: string): Promise<{ id: string; groupName: string } | undefined> {
  const [row] = await db
    .select({ id: groups.id, groupName: groups.groupName })
    .from(groups)
    .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)));
  return row;
}

export async function listLiveSubgroups(db: Db, groupId: string): Promise<{ id: string; subGroupEn: string }[]> {
  return db
    .select({ id: subgroups.id, subGroupEn: subgroups.subGroupEn })
    .from(subgroups)
    .where(and(eq(subgroups.groupId, groupId), isNull(subgroups.deletedAt)));
}

/** Moves a ticket from one status to another; false when it was no longer in `from`. */
export async function moveTicketStatus(db: Db, ticketId: number, from: string, to: string): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ ticketStatus: to, updatedAt: sql`now()`, ...(to === 'closed' ? {} : { resolvedAt: null }) })
    .where(and(eq(tickets.ticketId, ticketId), eq(tickets.ticketStatus, from)))
    .returning({ ticketId: tickets.ticketId });
  return rows.length === 1;
}

export async function touchTicket(db: Db, ticketId: number): Promise<void> {
  await db
    .update(tickets)
    .set({ updatedAt: sql`now()` })
    .where(eq(tickets.ticketId, ticketId));
}
