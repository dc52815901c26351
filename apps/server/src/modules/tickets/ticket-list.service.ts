/** The paged ticket list with the filters each kind of viewer may use (DESIGN.md §6, §10). */
import {
  allowedListFilters,
  canSeeAllTickets,
  canSeeInternalComments,
  canUseTags,
  DEFAULT_SORT_DIRECTION,
  DEFAULT_TICKET_SORT,
  listSortsFor,
  PAGE_SIZE,
  storedNumberPrefix,
  type TicketListQuery,
  type TicketListReply,
} from '@switchboard/shared';
import { pageLinks } from '../../lib/pages.ts';
import { tagsOfTickets } from '../tags/tags.repository.ts';
import { presentTicketListItem } from './ticket-presenter.ts';
import { listTicketPage, type TicketFilter, type TicketOrder } from './ticket-list.repository.ts';
import type { TicketReader, TicketsContext } from './tickets.service.ts';

/** The smallest digit string after every string that starts with `prefix`; null when there is none. */
export function endOfPrefix(prefix: string): string | null {
  const kept = prefix.replace(/9+$/, '');
  if (kept === '') return null;
  return kept.slice(0, -1) + String(Number(kept.slice(-1)) + 1);
}

function numberRangeOf(entry: string | undefined): TicketFilter['numberRange'] {
  if (!entry) return undefined;
  const prefix = storedNumberPrefix(entry);
  return { from: prefix, before: endOfPrefix(prefix) };
}

/**
 * The conditions a viewer's query amounts to. Customers and agents only ever see tickets they
 * issued. Filters a viewer may not use (listFiltersFor) are dropped rather than refused, as the
 * screens simply do not offer them.
 */
export function filterForViewer(viewer: TicketReader, query: TicketListQuery, timezone: string): TicketFilter {
  const allowed = allowedListFilters(viewer, query);
  return {
    issuerUserId: canSeeAllTickets(viewer) ? undefined : viewer.id,
    issuerUserType: allowed.issuer_user_type,
    groupId: allowed.group_id,
    subGroupId: allowed.sub_group_id,
    ticketId: allowed.ticket_id,
    issuedTo: allowed.issued_to,
    status: allowed.status,
    numberRange: numberRangeOf(allowed.problematic_number),
    createdDays:
      allowed.start_date || allowed.end_date ? { start: allowed.start_date, end: allowed.end_date, timezone } : undefined,
    assigneeUserId: assigneeOfFilter(viewer, allowed.assignee),
    // An internal note's words find the ticket only for those who may read the note.
    text: allowed.q ? { words: allowed.q, internal: canSeeInternalComments(viewer) } : undefined,
    overdue: allowed.overdue ? true : undefined,
    dueSoon: allowed.due_soon ? true : undefined,
    waiting: allowed.waiting ? true : undefined,
    resolvedDays:
      allowed.resolved_from || allowed.resolved_to
        ? { start: allowed.resolved_from, end: allowed.resolved_to, timezone }
        : undefined,
    priority: allowed.priority,
    rated: allowed.rating === undefined ? undefined : { lowOnly: allowed.rating === 'low' },
    tag: allowed.tag,
  };
}

/**
 * The order a viewer's query asks for (DESIGN.md §30), newest first when it names none. An order
 * the viewer may not use (listSortsFor) falls back to creation, as a filter they may not use is
 * dropped; the direction stays theirs.
 */
export function orderForViewer(viewer: TicketReader, query: TicketListQuery): TicketOrder {
  const sort = query.sort !== undefined && listSortsFor(viewer).includes(query.sort) ? query.sort : DEFAULT_TICKET_SORT;
  return { sort, direction: query.order ?? DEFAULT_SORT_DIRECTION };
}

/** `assignee=me | none | {id}` as the assignee condition: the viewer's own id, nobody, or that user. */
function assigneeOfFilter(viewer: TicketReader, assignee: TicketListQuery['assignee']): TicketFilter['assigneeUserId'] {
  if (assignee === undefined) return undefined;
  if (assignee === 'me') return viewer.id;
  return assignee === 'none' ? null : assignee;
}

/** One page (1-based) of the tickets the viewer may see, in the order asked for (newest first by default). */
export async function listTicketsForViewer(
  ctx: TicketsContext,
  viewer: TicketReader,
  page: number,
  query: TicketListQuery,
): Promise<TicketListReply> {
  const filter = filterForViewer(viewer, query, ctx.timezone);
  const order = orderForViewer(viewer, query);
  const { rows, total, totalIsEstimate, totalIsCapped } = await listTicketPage(
    ctx.db,
    filter,
    (page - 1) * PAGE_SIZE,
    PAGE_SIZE,
    order,
  );
  // Staff's tags of the page's rows (DESIGN.md §27): one grouped read of at most PAGE_SIZE tickets.
  const tags = canUseTags(viewer)
    ? await tagsOfTickets(
        ctx.db,
        rows.map((row) => row.ticketId),
      )
    : undefined;
  return {
    data: rows.map((row) => presentTicketListItem(viewer, tags ? { ...row, tags: tags.get(row.ticketId) ?? [] } : row)),
    total_tickets: total,
    total_is_estimate: totalIsEstimate,
    ...(totalIsCapped === undefined ? {} : { total_is_capped: totalIsCapped }),
    ...pageLinks(page, total),
  };
}
