import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /dashboard?days=: the desk's figures (staff). Under 'tickets', so a change of tickets refreshes them. */
export function useDashboard(days: number) {
  return useQuery({
    queryKey: ['tickets', 'dashboard', days] as const,
    queryFn: ({ signal }) => apiRequest<DashboardReply>('/dashboard', { signal, query: { days } }),
    placeholderData: keepPreviousData,
    // The figures move with every ticket; a minute is fresh enough for a screen left open on a wall.
    refetchInterval: 60_000,
  });
}
