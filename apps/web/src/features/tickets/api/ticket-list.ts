import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { withCountryPrefix, type TicketListReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TicketFilters } from '../tickets-search.ts';

export const ticketListKey = (page: number, filters: TicketFilters) => ['tickets', 'list', page, filters] as const;

/** GET /tickets/user-type-wise-tickets/{page} with the filters as query (empty ones are left out). */
export function fetchTicketList(page: number, filters: TicketFilters, signal?: AbortSignal): Promise<TicketListReply> {
  return apiRequest<TicketListReply>(`/tickets/user-type-wise-tickets/${page}`, {
    signal,
    query: {
      ...filters,
      // The field shows a fixed +88; the server matches stored numbers (88...) by prefix.
      problematic_number: filters.problematic_number ? withCountryPrefix(filters.problematic_number) : undefined,
      overdue: filters.overdue ? 'true' : undefined,
    },
  });
}

/** One page of tickets; the previous page stays on screen while the next one loads. */
export function useTicketList(page: number, filters: TicketFilters) {
  return useQuery({
    queryKey: ticketListKey(page, filters),
    queryFn: ({ signal }) => fetchTicketList(page, filters, signal),
    placeholderData: keepPreviousData,
  });
}
