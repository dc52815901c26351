/** Staff's notification bell (DESIGN.md §26): its newest items with the unread count, and marking them read. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxReadBody, InboxReadReply, InboxReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

export const inboxKey = ['inbox'] as const;

/** GET /inbox: the newest page of the viewer's items (staff only). */
export function useInbox(enabled: boolean) {
  return useQuery({
    queryKey: inboxKey,
    queryFn: ({ signal }) => apiRequest<InboxReply>('/inbox', { signal }),
    enabled,
  });
}

/** POST /inbox/read: these items, or all; the bell is read again afterwards. */
export function useMarkInboxRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InboxReadBody) => apiRequest<InboxReadReply>('/inbox/read', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
}
