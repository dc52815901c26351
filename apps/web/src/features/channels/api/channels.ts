/** The two-way channels' state (DESIGN.md §24) as a React Query hook (admins). */
import { useQuery } from '@tanstack/react-query';
import type { ChannelStatusReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Read again every minute while the screen is open: the mail session and the counts move on their own. */
const REFRESH_MS = 60_000;

export function useChannelStatuses() {
  return useQuery({
    queryKey: ['channels'],
    queryFn: ({ signal }) => apiRequest<ChannelStatusReply>('/channels', { signal }),
    refetchInterval: REFRESH_MS,
  });
}
