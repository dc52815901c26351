import { and, asc, count, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { IssuedTo, TicketStatus } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { comments, forwardEvents, ticketRatings, tickets, users } from '../../db/schema.ts';

/** The tickets of a report: created in [from, until), narrowed by the optional filters. */
export interface ReportFilter {
  from: Date;
  until: Date;
  groupId?: string | undefined;
  subGroupId?: string | undefined;
  /** Stored form (88…) of the issuer's product or phone number. */
  issuerNumber?: string | undefined;
}

function whereOf(filter: ReportFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    gte(tickets.createdAt, filter.from),
    lt(tickets.createdAt, filter.until),
    filter.groupId === undefined ? undefined : eq(tickets.groupId, filter.groupId),
    filter.subGroupId === undefined ? undefined : eq(tickets.subGroupId, filter.subGroupId),
  ];
  if (filter.issuerNumber !== undefined) {
    // The number on the ticket, or any account (deleted ones too: history keeps them) with that product or phone number.
    const accounts = sql`select ${users.id} from ${users} where ${users.productNumber} = ${filter.issuerNumber} or ${users.phoneNumber} = ${filter.issuerNumber}`;
    conditions.push(or(eq(tickets.issuerNumber, filter.issuerNumber), sql`${tickets.issuerUserId} in (${accounts})`));
  }
  return and(...conditions);
}

/**
 * The smallest and largest ticket id of the report. Batches then walk the primary key between
 * them, so each batch reads only its own rows whatever the period and the filters.
 */
export async function findTicketIdRange(db: Db, filter: ReportFilter): Promise<{ first: number; last: number } | null> {
  const [row] = await db
    .select({ first: sql<string | null>`min(${tickets.ticketId})`, last: sql<string | null>`max(${tickets.ticketId})` })
    .from(tickets)
    .where(whereOf(filter));
  if (!row || row.first === null || row.last === null) return null;
  return { first: Number(row.first), last: Number(row.last) };
}

/** The staff member a ticket is assigned to (DESIGN.md §19), joined beside the issuer. */
const assignees = alias(users, 'assignee');

/** Up to `limit` tickets of the report with ids in (after, last], in id order, with the issuer's and the assignee's current names. */
export function selectTicketBatch(db: Db, filter: ReportFilter, after: number, last: number, limit: number) {
  return db
    .select({
      ticketId: tickets.ticketId,
      title: tickets.title,
      description: tickets.description,
      problematicNumber: tickets.problematicNumber,
      groupName: tickets.groupName,
      subGroupName: tickets.subGroupName,
      ticketStatus: tickets.ticketStatus,
      priority: tickets.priority,
      issuedTo: tickets.issuedTo,
      issuerName: users.name,
      assigneeName: assignees.name,
      issuerNumber: tickets.issuerNumber,
      issuerUserType: tickets.issuerUserType,
      clientEmail: tickets.clientEmail,
      createdAt: tickets.createdAt,
      resolvedAt: tickets.resolvedAt,
      mergedInto: tickets.mergedInto,
      // The issuer's rating (DESIGN.md §25), at most one per ticket: its primary key joins it.
      rating: ticketRatings.score,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.issuerUserId))
    .leftJoin(assignees, eq(assignees.id, tickets.assigneeUserId))
    .leftJoin(ticketRatings, eq(ticketRatings.ticketId, tickets.ticketId))
    .where(and(whereOf(filter), gt(tickets.ticketId, after), lte(tickets.ticketId, last)))
    .orderBy(asc(tickets.ticketId))
    .limit(limit);
}
export type ReportTicketRow = Awaited<ReturnType<typeof selectTicketBatch>>[number];

/**
 * `ticket_id = any(<one array parameter>)` within the batch's id range: one parameter instead of
 * thousands (planning a long IN list costs more than running it), and the range keeps the index scan narrow.
 */
function inBatch(column: typeof forwardEvents.ticketId | typeof comments.ticketId, ticketIds: number[]): SQL | undefined {
  const first = Math.min(...ticketIds);
  const last = Math.max(...ticketIds);
  return and(gte(column, first), lte(column, last), sql`${column} = any(${`{${ticketIds.join(',')}}`}::bigint[])`);
}

export interface ForwardSummary {
  count: number;
  /** The first holder, then every department the ticket was forwarded to, in order. */
  path: string[];
}

/** The forwards of a batch of tickets, one grouped query for the whole batch. */
export async function summariseForwards(db: Db, ticketIds: number[]): Promise<Map<number, ForwardSummary>> {
  if (ticketIds.length === 0) return new Map();
  const order = sql`${forwardEvents.createdAt}, ${forwardEvents.id}`;
  const rows = await db
    .select({
      ticketId: forwardEvents.ticketId,
      count: sql<number>`count(*)::int`,
      // The first holder, then each recipient: one text, cheaper to ship and read than arrays.
      path: sql<string>`(array_agg(${forwardEvents.previouslyIssuedTo} order by ${order}))[1] || ',' || string_agg(${forwardEvents.newlyIssuedTo}, ',' order by ${order})`,
    })
    .from(forwardEvents)
    .where(inBatch(forwardEvents.ticketId, ticketIds))
    .groupBy(forwardEvents.ticketId);
  return new Map(rows.map((row) => [Number(row.ticketId), { count: row.count, path: row.path.split(',') }]));
}

/** How many comments (internal ones included) each ticket of a batch has, one grouped query. */
export async function countComments(db: Db, ticketIds: number[]): Promise<Map<number, number>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .select({ ticketId: comments.ticketId, count: count() })
    .from(comments)
    .where(inBatch(comments.ticketId, ticketIds))
    .groupBy(comments.ticketId);
  return new Map(rows.map((row) => [Number(row.ticketId), row.count]));
}

export interface ReportTotals {
  tickets: number;
  resolved: number;
  /** Median of resolved_at − created_at over the resolved tickets, in seconds; null when none is resolved. */
  medianResolveSeconds: number | null;
  byStatus: Map<TicketStatus, number>;
  byDepartment: Map<IssuedTo, number>;
  byGroup: Map<string, number>;
}

/** The Summary sheet's figures in two queries: one grouping-sets scan for the counts, one for the median. */
export async function summariseReport(db: Db, filter: ReportFilter): Promise<ReportTotals> {
  const where = whereOf(filter);
  const groupedRows = await db
    .select({
      status: tickets.ticketStatus,
      department: tickets.issuedTo,
      group: tickets.groupName,
      byStatus: sql<number>`grouping(${tickets.ticketStatus})`,
      byDepartment: sql<number>`grouping(${tickets.issuedTo})`,
      count: count(),
    })
    .from(tickets)
    .where(where)
    .groupBy(sql`grouping sets ((${tickets.ticketStatus}), (${tickets.issuedTo}), (${tickets.groupName}))`);
  const [resolved] = await db
    .select({
      tickets: count(),
      resolved: sql<number>`count(${tickets.resolvedAt})::int`,
      median: sql<
        number | string | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${tickets.resolvedAt} - ${tickets.createdAt}))`,
    })
    .from(tickets)
    .where(where);
  const totals: ReportTotals = {
    tickets: resolved?.tickets ?? 0,
    resolved: resolved?.resolved ?? 0,
    medianResolveSeconds: resolved?.median === null || resolved?.median === undefined ? null : Number(resolved.median),
    byStatus: new Map(),
    byDepartment: new Map(),
    byGroup: new Map(),
  };
  // grouping() is 0 for the column a row is grouped by.
  for (const row of groupedRows) {
    if (Number(row.byStatus) === 0) totals.byStatus.set(row.status, row.count);
    else if (Number(row.byDepartment) === 0) totals.byDepartment.set(row.department, row.count);
    else totals.byGroup.set(row.group, row.count);
  }
  return totals;
}
