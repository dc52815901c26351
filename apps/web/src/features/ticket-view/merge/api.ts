import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MergeCandidatesReply, MergeTicketBody, MergeTicketReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /tickets/{id}/merge-candidates?q=: the tickets this one may go into. */
export function useMergeCandidates(ticketId: number, q: string) {
  return useQuery({
    queryKey: ['tickets', ticketId, 'merge-candidates', q],
    queryFn: ({ signal }) => {
      const query = q.trim() === '' ? '' : `?${new URLSearchParams({ q: q.trim() }).toString()}`;
      return apiRequest<MergeCandidatesReply>(`/tickets/${ticketId}/merge-candidates${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /tickets/{id}/merge; afterwards every ticket read is stale (both tickets and the lists changed). */
export function useMergeTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeTicketBody) => apiRequest<MergeTicketReply>(`/tickets/${ticketId}/merge`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
