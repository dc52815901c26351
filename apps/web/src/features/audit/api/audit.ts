/** The audit calls (admins) as React Query hooks: a page of the trail, and the actor picker's lookup. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditListReply, UserLookupReply } from '@switchboard/shared';
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

/** Up to 20 users matching what was typed, for the actor filter; nothing is asked for an empty query. */
export function useActorLookup(query: string) {
  return useQuery({
    queryKey: ['users', 'lookup', query],
    queryFn: async ({ signal }) => (await apiRequest<UserLookupReply>('/users/lookup', { query: { q: query }, signal })).data,
    enabled: query.trim().length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
