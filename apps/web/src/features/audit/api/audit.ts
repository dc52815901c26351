/** The audit call (admins) as a React Query hook: a page of the trail. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditListReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import type { AuditFilters } from '../audit-search.ts';

/** One page (10) of the trail, newest first; the previous page stays on screen while the next loads. */
export function useAuditPage(page: number, filters: AuditFilters) {
  return useQuery({
    queryKey: ['audit', page, filters],
    queryFn: ({ signal }) => apiRequest<AuditListReply>('/audit', { query: { page, ...filters }, signal }),
    placeholderData: keepPreviousData,
  });
}
