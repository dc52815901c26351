import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddCommentInput, AddCommentReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { ticketQuery } from './ticket-query.ts';

export { ticketKey } from './ticket-query.ts';

/** The ticket; the route's loader asks for it first, also again after a failure: the screen does not retry on mount too. */
export function useTicket(id: number | undefined) {
  return useQuery({ ...ticketQuery(id ?? 0), enabled: id !== undefined, retryOnMount: false });
}

/** POST /tickets/add-comment. Afterwards the ticket is reloaded, and the lists too (a reply may change the status). */
export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCommentInput) => apiRequest<AddCommentReply>('/tickets/add-comment', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
