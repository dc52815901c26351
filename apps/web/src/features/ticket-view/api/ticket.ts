import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddCommentInput, AddCommentReply, Ticket, TicketByIdReply } from '@switchboard/shared';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export const ticketKey = (id: number) => ['tickets', 'detail', id] as const;

/** GET /tickets/get-ticket-by-id/{id}; the reply carries the ticket as data[0] (spec §7). */
export async function fetchTicket(id: number, signal?: AbortSignal): Promise<Ticket> {
  const reply = await apiRequest<TicketByIdReply>(`/tickets/get-ticket-by-id/${id}`, { signal });
  const ticket = reply.data[0];
  if (!ticket) throw new ApiError(404, 'Ticket not found', 'not_found');
  return ticket;
}

export function useTicket(id: number | undefined) {
  return useQuery({
    queryKey: ticketKey(id ?? 0),
    queryFn: ({ signal }) => fetchTicket(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** POST /tickets/add-comment. Afterwards the ticket is reloaded, and the lists too (a reply may change the status). */
export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCommentInput) => apiRequest<AddCommentReply>('/tickets/add-comment', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
