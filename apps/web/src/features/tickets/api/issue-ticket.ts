import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IssueTicketInput, IssueTicketReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /tickets/issue-ticket; the lists are refreshed so the new ticket shows at the top. */
export function useIssueTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueTicketInput) => apiRequest<IssueTicketReply>('/tickets/issue-ticket', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
