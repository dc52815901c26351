import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketListReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** The list is asked for again every 30 seconds (spec §9). */
const FORWARDED_REFRESH_MS = 30_000;

/** Under ['tickets'] so that a forward or resolve anywhere refreshes this list too. */
export const forwardedTicketsKey = (page: number) => ['tickets', 'forwarded', page] as const;

/** GET /tickets/forward-chain-tickets/{page} (spec §7): the list reply of the ticket list. */
export function fetchForwardedTickets(page: number, signal?: AbortSignal): Promise<TicketListReply> {
  return apiRequest<TicketListReply>(`/tickets/forward-chain-tickets/${page}`, { signal });
}

/**
 * One page of the forwarded tickets, fetched again every 30 seconds (spec §9). The rows on screen
 * stay while a refresh or the next page loads, so the table never blinks empty.
 */
export function useForwardedTickets(page: number) {
  return useQuery({
    queryKey: forwardedTicketsKey(page),
    queryFn: ({ signal }) => fetchForwardedTickets(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: FORWARDED_REFRESH_MS,
  });
}
