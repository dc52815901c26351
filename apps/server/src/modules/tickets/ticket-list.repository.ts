/**
 * The SQL of the ticket list (DESIGN.md §6, §10): its filters, the page and the bounded count, each
 * prepared per filter shape.
 */
import { and, eq, gte, isNotNull, isNull, lt, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { RATING_LOW_MAX, SEARCH_COUNT_LIMIT } from '@switchboard/shared';
import { boundedCount, cappedCount, countPastBound, keptEstimateFor, type CountStatement } from '../../db/bounded-count.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerShape, RecentlyUsed, SHAPES_KEPT } from '../../db/prepared.ts';
import { ticketRatings, tickets } from '../../db/schema.ts';
import { hasTag } from '../tags/tags.repository.ts';
import { NEWEST_FIRST, orderTerms, sortValueOf, type TicketOrder } from './ticket-order.ts';
import {
  matchesAmongTickets,
  matchesAmongWords,
  searchShapeOf,
  termPlaceholders,
  termsOfText,
  termValues,
  type TermsOfText,
} from './ticket-search.ts';
import { dueSoonOf, overdueOf, userNameOf } from './tickets.repository.ts';

import type { TicketFilter } from './ticket-filter.ts';

export { NEWEST_FIRST, type TicketOrder } from './ticket-order.ts';
export type { TicketFilter } from './ticket-filter.ts';

/** A value of a condition as it is sent: itself, or a placeholder of a prepared statement. */
type Bind = <T>(value: T) => T | Placeholder;

const asValue: Bind = (value) => value;

/**
 * Rated tickets: an EXISTS probe of ticket_ratings' primary key, or (low ones) a read of the small
 * partial index ticket_ratings_low, whose bound is written in so that a generic plan may use it.
 */
function ratedMatch(rated: NonNullable<TicketFilter['rated']>): SQL {
  const low = rated.lowOnly ? sql` and ${ticketRatings.score} <= ${sql.raw(String(RATING_LOW_MAX))}` : sql``;
  return sql`exists (select 1 from ${ticketRatings} where ${ticketRatings.ticketId} = ${tickets.ticketId}${low})`;
}

/**
 * The score of a page row's rating, null when none: one primary-key read per row. drizzle writes a
 * subquery's column unqualified here, where ticket_ratings' own ticket_id would answer to the name.
 */
const pageRatingScore = sql<number | null>`(select ${ticketRatings.score} from ${ticketRatings}
  where ${ticketRatings.ticketId} = ${sql.identifier('page')}.${sql.identifier('ticket_id')})`;

/** The filter's conditions but its text, whose terms textSearchPage looks up first and adds (textMatch). */
function whereOf(filter: TicketFilter, bind: Bind = asValue): SQL | undefined {
  if (filter.text !== undefined) throw new Error('a text search is read by textSearchPage');
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
    filter.overdue ? lt(tickets.dueAt, sql`now()`) : undefined,
    filter.dueSoon ? and(lte(tickets.warnAt, sql`now()`), gte(tickets.dueAt, sql`now()`)) : undefined,
    filter.waiting ? isNotNull(tickets.waitingSince) : undefined,
    filter.priority === undefined ? undefined : eq(tickets.priority, bind(filter.priority)),
    filter.rated === undefined ? undefined : ratedMatch(filter.rated),
    filter.tag === undefined ? undefined : hasTag(bind(filter.tag)),
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
  const solved = filter.resolvedDays;
  if (solved?.start)
    conditions.push(gte(tickets.resolvedAt, sql`(${bind(solved.start)}::date)::timestamp at time zone ${bind(solved.timezone)}`));
  if (solved?.end)
    conditions.push(
      lt(tickets.resolvedAt, sql`(${bind(solved.end)}::date + 1)::timestamp at time zone ${bind(solved.timezone)}`),
    );
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
  dueSoon: dueSoonOf(tickets.warnAt, tickets.dueAt).as('due_soon'),
  waiting: sql<boolean>`${tickets.waitingSince} is not null`.as('waiting'),
  priority: tickets.priority,
};

/**
 * The columns of the ticket table only (no description, no comments), with the names of the
 * issuer and the assignee looked up for the page's rows only, one primary-key read each.
 * `fromOldest` walks the index from the other end, so that the last pages cost what the first
 * pages cost. `more` adds columns to every row (the count), and `statement` is what the statement
 * starts from: `db.with(…)` when its conditions name a CTE.
 */
function selectPage<More extends Record<string, SQL.Aliased>>(
  db: Db,
  where: SQL | undefined,
  offset: number | Placeholder,
  limit: number | Placeholder,
  fromOldest: boolean,
  more: More,
  statement: Pick<ReturnType<Db['with']>, 'select'> = db,
  order: TicketOrder = NEWEST_FIRST,
) {
  const value = sortValueOf(order.sort);
  const page = db
    .select({ ...TICKET_LIST_COLUMNS, issuerUserId: tickets.issuerUserId, sortValue: sql`${value}`.as('sort_value') })
    .from(tickets)
    .where(where)
    .orderBy(...orderTerms(order, value, tickets.ticketId, fromOldest))
    .offset(offset)
    .limit(limit)
    .as('page');
  return statement
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
      dueSoon: page.dueSoon,
      waiting: page.waiting,
      priority: page.priority,
      assigneeName: userNameOf(page.assigneeUserId),
      issuerName: userNameOf(page.issuerUserId),
      rating: pageRatingScore,
      ...more,
    })
    .from(page)
    .orderBy(...orderTerms(order, page.sortValue, page.ticketId, false));
}
/**
 * A row of a ticket table; `rating` is read by the ticket list only (the other tables leave it
 * out), and `tags` added to the page's rows for staff (DESIGN.md §27).
 */
export type TicketListRow = Omit<Awaited<ReturnType<typeof selectPage<Record<never, never>>>>[number], 'rating'> & {
  rating?: number | null;
  tags?: string[];
};

/**
 * The first page with the filter's capped count on every row, one statement: the count is an
 * InitPlan run once, each part on its own index as when they were two.
 */
function selectFirstPageCounted(db: Db, where: SQL | undefined, limit: number | Placeholder, order: TicketOrder) {
  const total = sql<number>`${cappedCount(db, tickets, where)}`.as('total');
  return selectPage(db, where, 0, limit, false, { total }, db, order);
}

/**
 * A page of a text search and the number of its matches in one statement: its newest
 * SEARCH_COUNT_LIMIT + 1 matches (ticket-search.ts, `ticket_id` and `sort_value`) are a CTE, counted
 * and sorted for the page, whose rows are then read by primary key. Neither the count nor the pages
 * go past them: a search that matches much costs what 1,001 matches cost.
 */
function selectTextPageCounted(
  db: Db,
  matches: SQL,
  offset: number | Placeholder,
  limit: number | Placeholder,
  order: TicketOrder,
) {
  const matched = db.$with('matched', { ticketId: sql<number>`ticket_id`, sortValue: sql`sort_value` }).as(matches);
  const id = sql.raw('matched.ticket_id');
  const onPage = sql`${tickets.ticketId} in (select ${id} from matched
    order by ${sql.join(orderTerms(order, sql.raw('matched.sort_value'), id, false), sql`, `)} offset ${offset} limit ${limit})`;
  const total = sql<number>`(select count(*)::int from matched)`.as('total');
  return selectPage(db, onPage, 0, limit, false, { total }, db.with(matched), order);
}

/** A filter's conditions with placeholders p0, p1, … for its values; `text` is the shape's SQL. */
interface FilterShape {
  where: SQL | undefined;
  values: Record<string, unknown>;
  text: string;
}

const dialect = new PgDialect();

/**
 * What decides a filter's SQL text, cheaper to make than the text: which fields it has, and which
 * of them are null, false, empty or nested (whereOf branches on nothing else). Filters of one key
 * differ only in the values bound to the placeholders.
 */
function shapeKeyOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return value ? typeof value : String(JSON.stringify(value));
  const fields = Object.entries(value).filter(([, field]) => field !== undefined);
  return `{${fields.map(([name, field]) => `${name}:${shapeKeyOf(field)}`).join(',')}}`;
}

/** Each shape key's SQL text, made once for the shapes in use (a list has a few dozen). */
const textsByKey = new RecentlyUsed<string>(SHAPES_KEPT);

/** The shape of a filter: its conditions with placeholders, their values, and its text. */
function shapeOf(filter: TicketFilter): FilterShape {
  const values: Record<string, unknown> = {};
  const where = whereOf(filter, (value) => {
    const name = `p${Object.keys(values).length}`;
    values[name] = value;
    return sql.placeholder(name);
  });
  const key = shapeKeyOf(filter);
  let text = textsByKey.get(key);
  if (text === undefined) {
    text = where ? dialect.sqlToQuery(where).sql : '';
    textsByKey.set(key, text);
  }
  return { where, values, text };
}

const countsByShape = preparedPerShape<ReturnType<ReturnType<typeof cappedCount>['prepare']>>('ticket_count');
const pagesByShape = preparedPerShape<ReturnType<ReturnType<typeof selectPage<Record<never, never>>>['prepare']>>('ticket_page');
const firstPagesByShape = preparedPerShape<ReturnType<ReturnType<typeof selectFirstPageCounted>['prepare']>>('ticket_first_page');

/** How many shapes of first pages the list keeps prepared for `db` now (at most SHAPES_KEPT). */
export const firstPageShapesKept = (db: Db): number => firstPagesByShape.kept(db);

/** The key a shape's count and its kept estimate go by: the shape's text and its values. */
const countKeyOf = (shape: FilterShape) => `tickets\u0000${shape.text}\u0000${JSON.stringify(shape.values)}`;

/** The bounded count of a filter's shape as a prepared statement. */
function countOfShape(db: Db, shape: FilterShape): CountStatement {
  const prepared = countsByShape(db, shape.text, (name) => cappedCount(db, tickets, shape.where).prepare(name));
  return {
    key: countKeyOf(shape),
    run: async () => (await prepared.execute(shape.values))[0]?.total ?? 0,
  };
}

/** What tells an order's statements apart from another order's of the same filter. */
const orderKeyOf = (order: TicketOrder) => `${order.sort} ${order.direction}`;

/** A page of the filter, prepared per shape, order and end: offset and limit are placeholders too. */
function pageOf(db: Db, shape: FilterShape, order: TicketOrder, offset: number, limit: number, fromOldest: boolean) {
  const prepared = pagesByShape(db, `${orderKeyOf(order)} ${fromOldest ? 'oldest' : 'newest'} ${shape.text}`, (name) =>
    selectPage(db, shape.where, sql.placeholder('offset'), sql.placeholder('limit'), fromOldest, {}, db, order).prepare(name),
  );
  return prepared.execute({ ...shape.values, offset, limit });
}

/** The first page of a filter and its count in one statement; when the shape's estimate is kept, the page alone. */
async function firstPageOf(
  db: Db,
  filter: TicketFilter,
  shape: FilterShape,
  order: TicketOrder,
  limit: number,
): Promise<TicketPage> {
  const key = countKeyOf(shape);
  const kept = keptEstimateFor(db, key);
  if (kept !== undefined) return { rows: await pageOf(db, shape, order, 0, limit, false), total: kept, totalIsEstimate: true };
  const prepared = firstPagesByShape(db, `${orderKeyOf(order)} ${shape.text}`, (name) =>
    selectFirstPageCounted(db, shape.where, sql.placeholder('limit'), order).prepare(name),
  );
  const rows = await prepared.execute({ ...shape.values, limit });
  const counted = await countPastBound(db, tickets, whereOf(filter), key, rows[0]?.total ?? 0);
  return { rows, total: counted.total, totalIsEstimate: counted.estimated };
}

/** Conditions that leave few tickets: a search among them probes each rather than reading a word's tickets. */
const picksFewTickets = (filter: TicketFilter) =>
  filter.issuerUserId !== undefined || filter.ticketId !== undefined || filter.numberRange !== undefined;

/** The newest matches of a search among the tickets of `where` (ticket-search.ts), each word's terms given as `words`. */
function matchesOf(text: TermsOfText, words: SQL[], others: TicketFilter, where: SQL | undefined, order: TicketOrder): SQL {
  const sortValue = sortValueOf(order.sort);
  if (picksFewTickets(others)) return matchesAmongTickets(text, words, where, sortValue);
  return matchesAmongWords(text, words, where, order.sort === NEWEST_FIRST.sort ? null : sortValue);
}

const searchPagesByShape = preparedPerShape<ReturnType<ReturnType<typeof selectTextPageCounted>['prepare']>>('ticket_search');

/**
 * A page of a text search and its count, capped at SEARCH_COUNT_LIMIT; a page past the last match
 * counts them apart, as far as the cap. First the terms of each word of the text (ticket_terms) and
 * how many tickets each word has (the rarest is read first); then one statement, prepared per
 * shape like the list's others, with each word's terms as values. Run it on the database of
 * expensive reads (lib/expensive-reads.ts), whose statements have a time limit.
 */
async function textSearchPage(
  db: Db,
  filter: TicketFilter & { text: NonNullable<TicketFilter['text']> },
  order: TicketOrder,
  offset: number,
  limit: number,
): Promise<TicketPage> {
  const text = await termsOfText(db, filter.text.words, filter.text.internal);
  if (text === null) return { rows: [], total: 0, totalIsEstimate: false, totalIsCapped: false };
  const others: TicketFilter = { ...filter, text: undefined };
  const shape = shapeOf(others);
  const terms = termPlaceholders(text);
  const onPage = Math.max(0, Math.min(limit, SEARCH_COUNT_LIMIT - offset));
  const key = `${picksFewTickets(others)} ${searchShapeOf(text)} ${orderKeyOf(order)} ${shape.text}`;
  const prepared = searchPagesByShape(db, key, (name) =>
    selectTextPageCounted(
      db,
      matchesOf(text, terms.words, others, shape.where, order),
      sql.placeholder('offset'),
      sql.placeholder('limit'),
      order,
    ).prepare(name),
  );
  const rows = onPage === 0 ? [] : await prepared.execute({ ...shape.values, ...terms.values, offset, limit: onPage });
  const counted =
    rows[0]?.total ?? (offset === 0 ? 0 : await countOf(db, matchesOf(text, termValues(text), others, whereOf(others), order)));
  return {
    rows,
    total: Math.min(counted, SEARCH_COUNT_LIMIT),
    totalIsEstimate: false,
    totalIsCapped: counted > SEARCH_COUNT_LIMIT,
  };
}

/** How many rows a statement answers. */
async function countOf(db: Db, statement: SQL): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(sql`(${statement}) as found`);
  return row?.total ?? 0;
}

/** A page of a list of tickets, and how many the list has (the planner's estimate when `totalIsEstimate`). */
export interface TicketPage {
  rows: TicketListRow[];
  total: number;
  totalIsEstimate: boolean;
  /** A text search only: more than SEARCH_COUNT_LIMIT match, and `total` is that limit. */
  totalIsCapped?: boolean;
}

/**
 * One page of tickets in the order asked for (newest first by default), and the number of matching
 * tickets (estimated when large). A filter's statements are prepared per shape and order, so
 * drizzle builds nothing on a repeated request, and the first page and its count are one
 * statement. A text search (textSearchPage) reads its words' terms, then its newest
 * SEARCH_COUNT_LIMIT + 1 matches in one statement, in the order asked for.
 */
export async function listTicketPage(
  db: Db,
  filter: TicketFilter,
  offset: number,
  limit: number,
  order: TicketOrder = NEWEST_FIRST,
): Promise<TicketPage> {
  if (filter.text !== undefined) return textSearchPage(db, { ...filter, text: filter.text }, order, offset, limit);
  const shape = shapeOf(filter);
  if (offset === 0) return firstPageOf(db, filter, shape, order, limit);
  const { total, estimated } = await boundedCount(db, tickets, whereOf(filter), countOfShape(db, shape));
  const fromOldest = total > 0 && offset > total / 2;
  const rows = fromOldest
    ? await pageOf(db, shape, order, Math.max(0, total - offset - limit), Math.max(0, Math.min(limit, total - offset)), true)
    : await pageOf(db, shape, order, offset, limit, false);
  return { rows, total, totalIsEstimate: estimated };
}
