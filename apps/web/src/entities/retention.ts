/** How long closed tickets are kept (DESIGN.md §29), as the dashboard and the reports screen say it. */
import { useQuery } from '@tanstack/react-query';
import type { RetentionReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

/** GET /retention (staff): the days, or null when closed tickets are kept for ever. It changes only with a restart. */
export function useRetention() {
  return useQuery({
    queryKey: ['retention'],
    queryFn: ({ signal }) => apiRequest<RetentionReply>('/retention', { signal }),
    staleTime: Infinity,
  });
}
