/** The paged ticket list with the filters each kind of viewer may use (DESIGN.md §6, §10). */
import { PAGE_SIZE, type TicketListQuery, type TicketListReply, type UserType } from '@switchboard/shared';
import { presentTicketListItem } from './ticket-presenter.ts';
import { listTicketPage, type TicketFilter } from './tickets.repository.ts';
import type { TicketReader, TicketsContext } from './tickets.service.ts';

/**
 * The stored form (880…) of what somebody typed into the number search: with or without +88,
 * with or without the leading 0.
 */
export function storedNumberPrefix(entry: string): string {
  const digits = entry.trim().replace(/^\+/, '');
  if (digits.startsWith('88') || digits === '8') return digits;
  if (digits.startsWith('0')) return `88${digits}`;
  return `880${digits}`;
}

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
 * issued; customers may narrow by status, ticket id and number, agents by number only. Filters a
 * viewer may not use are ignored rather than refused, as the screens simply do not offer them.
 */
export function filterForViewer(viewer: TicketReader, query: TicketListQuery, timezone: string): TicketFilter {
  const numberRange = numberRangeOf(query.problematic_number);
  const kind: UserType = viewer.user_type;
  if (kind === 'agent') return { issuerUserId: viewer.id, numberRange };
  if (kind === 'customer') return { issuerUserId: viewer.id, status: query.status, ticketId: query.ticket_id, numberRange };
  return {
    issuerUserType: query.issuer_user_type,
    groupId: query.group_id,
    subGroupId: query.sub_group_id,
    ticketId: query.ticket_id,
    issuedTo: query.issued_to,
    status: query.status,
    numberRange,
    createdDays: query.start_date || query.end_date ? { start: query.start_date, end: query.end_date, timezone } : undefined,
  };
}

/** Page arithmetic of the spec: last page = ceil(total / 10); neighbours are null at the ends. */
export function pageLinks(page: number, total: number): Pick<TicketListReply, 'total_pages' | 'previous_page' | 'next_page'> {
  const totalPages = Math.ceil(total / PAGE_SIZE);
  return {
    total_pages: totalPages,
    // Past the end, "previous" leads back to the last page that has tickets.
    previous_page: page > 1 && totalPages > 0 ? Math.min(page - 1, totalPages) : null,
    next_page: page < totalPages ? page + 1 : null,
  };
}

/** One page (1-based) of the tickets the viewer may see, newest first. */
export async function listTicketsForViewer(
  ctx: TicketsContext,
  viewer: TicketReader,
  page: number,
  query: TicketListQuery,
): Promise<TicketListReply> {
  const filter = filterForViewer(viewer, query, ctx.timezone);
  const { rows, total, totalIsEstimate } = await listTicketPage(ctx.db, filter, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  return {
    data: rows.map((row) => presentTicketListItem(viewer, row)),
    total_tickets: total,
    total_is_estimate: totalIsEstimate,
    ...pageLinks(page, total),
  };
}
