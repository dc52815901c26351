import { useQuery } from '@tanstack/react-query';
import type { FailedNotificationsReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /notifications/failed?page=: the messages that kept failing (admins). */
export function useFailedNotifications(page: number) {
  return useQuery({
    queryKey: ['notifications', 'failed', page] as const,
    queryFn: ({ signal }) => apiRequest<FailedNotificationsReply>(`/notifications/failed?page=${page}`, { signal }),
  });
}
