/**
 * A page of the ticket list as a query, apart from its hook: the route's loader starts it while the
 * screen's script is still on its way, and the screen's useTicketList then finds it running (or done).
 */
import { withCountryPrefix, type TicketListReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderSearchOf, type TicketFilters, type TicketListOrder } from '../tickets-search.ts';

/** The list's order when none is chosen: newest first. */
export const NEWEST_FIRST: TicketListOrder = { sort: 'created', order: 'desc' };

export const ticketListKey = (page: number, filters: TicketFilters, order: TicketListOrder = NEWEST_FIRST) =>
  ['tickets', 'list', page, filters, orderSearchOf(order)] as const;

/** GET /tickets/user-type-wise-tickets/{page} with the filters and the order as query (empty ones are left out). */
export function fetchTicketList(
  page: number,
  filters: TicketFilters,
  order: TicketListOrder = NEWEST_FIRST,
  signal?: AbortSignal,
): Promise<TicketListReply> {
  return apiRequest<TicketListReply>(`/tickets/user-type-wise-tickets/${page}`, {
    signal,
    query: {
      ...filters,
      // The field shows a fixed +88; the server matches stored numbers (88...) by prefix.
      problematic_number: filters.problematic_number ? withCountryPrefix(filters.problematic_number) : undefined,
      overdue: filters.overdue ? 'true' : undefined,
      due_soon: filters.due_soon ? 'true' : undefined,
      waiting: filters.waiting ? 'true' : undefined,
      ...orderSearchOf(order),
    },
  });
}

export function ticketListQuery(page: number, filters: TicketFilters, order: TicketListOrder = NEWEST_FIRST) {
  return {
    queryKey: ticketListKey(page, filters, order),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchTicketList(page, filters, order, signal),
  };
}
