import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BULK_MAX_TICKETS,
  PAGE_SIZE,
  type BulkActionInput,
  type BulkActionReply,
  type TicketListReply,
} from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** A page of the list as the screen asks for it (its filters and order); handed in, so that this chunk stays light. */
export type FetchListPage = (page: number, signal?: AbortSignal) => Promise<TicketListReply>;

/** POST /tickets/bulk; afterwards every ticket list and view is reloaded (all under 'tickets'). */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BulkActionInput) =>
      (await apiRequest<BulkActionReply>('/tickets/bulk', { method: 'POST', body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

/**
 * The ids of the first `wanted` (at most BULK_MAX_TICKETS) tickets matching the filters, read
 * through the list's own pages in its order: the same filters, rights and order as the screen
 * shows, with no read path of its own. `onProgress` hears the count found after each page.
 */
export async function fetchMatchingIds(
  fetchPage: FetchListPage,
  wanted: number,
  onProgress: (found: number) => void,
  signal?: AbortSignal,
): Promise<number[]> {
  const limit = Math.min(wanted, BULK_MAX_TICKETS);
  const ids: number[] = [];
  for (let page = 1; ids.length < limit; page++) {
    const reply = await fetchPage(page, signal);
    for (const ticket of reply.data) if (!ids.includes(ticket.ticket_id)) ids.push(ticket.ticket_id);
    onProgress(Math.min(ids.length, limit));
    if (reply.data.length < PAGE_SIZE || reply.next_page === null) break;
  }
  return ids.slice(0, limit);
}
