import type { CommentsPageReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /tickets/{id}/comments?before=: the page of comments written before `before`, oldest first. */
export function fetchEarlierComments(ticketId: number, before: string): Promise<CommentsPageReply> {
  return apiRequest<CommentsPageReply>(`/tickets/${ticketId}/comments`, { query: { before } });
}
