/**
 * The orders of the ticket list (DESIGN.md §30): the value each sorts by and its ORDER BY terms,
 * read from either end of its index.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  DEFAULT_SORT_DIRECTION,
  DEFAULT_TICKET_SORT,
  TICKET_PRIORITIES,
  type SortDirection,
  type TicketSort,
} from '@switchboard/shared';
import { tickets } from '../../db/schema.ts';
import { rankOf } from '../../db/value-sets.ts';

/** The order of a list (DESIGN.md §30): newest first unless asked otherwise. */
export interface TicketOrder {
  sort: TicketSort;
  direction: SortDirection;
}

export const NEWEST_FIRST: TicketOrder = { sort: DEFAULT_TICKET_SORT, direction: DEFAULT_SORT_DIRECTION };

/**
 * The value each order sorts by; the ticket id breaks its ties, in the same direction. Priority
 * sorts by its rank (urgent highest), as the indexes tickets_priority and tickets_unsolved_priority
 * hold it. The due order keeps the tickets without a due time last both ways (tickets_due_first,
 * tickets_due_last).
 */
export function sortValueOf(sort: TicketSort): SQL {
  if (sort === 'activity') return sql`${tickets.updatedAt}`;
  if (sort === 'priority') return rankOf(tickets.priority, TICKET_PRIORITIES);
  if (sort === 'due') return sql`${tickets.dueAt}`;
  return sql`${tickets.createdAt}`;
}

/**
 * ORDER BY terms of an order on `value` and `id`; `reversed` is the very same order read from its
 * other end (a page past the middle), so that each order's index serves both ends.
 */
export function orderTerms(
  order: TicketOrder,
  value: SQL | SQL.Aliased | AnyColumn,
  id: SQL | AnyColumn,
  reversed: boolean,
): SQL[] {
  const ascending = (order.direction === 'asc') !== reversed;
  const way = sql.raw(ascending ? 'asc' : 'desc');
  if (order.sort !== 'due') return [sql`${value} ${way}`, sql`${id} ${way}`];
  // Nulls last as asked; read from the other end, first. The id spells its nulls out as well, as
  // tickets_due_last declares them, for the planner to see the index's order in the query's.
  const nulls = sql.raw(reversed ? 'nulls first' : 'nulls last');
  return [sql`${value} ${way} ${nulls}`, sql`${id} ${way} ${nulls}`];
}
