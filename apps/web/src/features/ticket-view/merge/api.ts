import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { MergeCandidatesReply, MergeTicketBody, MergeTicketReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { mergedToastId } from './merged-toast.ts';

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

/**
 * POST /tickets/{id}/merge; on success the server's notice shows and the target replaces the merged
 * ticket's view. Both happen here, not in the dialog: the merged ticket's refetch may lead its view
 * away (use-merged-redirect.ts) and close the dialog before a caller's callback would run. Every
 * ticket read is stale afterwards (both tickets and the lists changed); nothing waits for the refetch.
 */
export function useMergeTicket(ticketId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: MergeTicketBody) => apiRequest<MergeTicketReply>(`/tickets/${ticketId}/merge`, { method: 'POST', body }),
    onSuccess: (reply) => {
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
      const id = mergedToastId(ticketId);
      notifications.show({ id, color: 'green', message: reply.message });
      notifications.update({ id, color: 'green', message: reply.message });
      void navigate({ to: '/view-ticket', search: { id: reply.data.merged_into }, replace: true });
    },
  });
}
