import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketFilters, TicketListOrder } from '../tickets-search.ts';
import { NEWEST_FIRST, ticketListQuery } from './ticket-list-query.ts';

/**
 * One page of tickets; the previous page stays on screen while the next one loads. The route's
 * loader asks for it first, also again after a failure: the screen does not retry on mount too.
 */
export function useTicketList(page: number, filters: TicketFilters, order: TicketListOrder = NEWEST_FIRST) {
  return useQuery({ ...ticketListQuery(page, filters, order), placeholderData: keepPreviousData, retryOnMount: false });
}
