/** The user lookup (GET /users/lookup) that the audit's actor filter and the report's user picker share. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserLookupReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

/** Up to 20 users matching what was typed (names or numbers); nothing is asked for an empty query. */
export function useUserLookup(query: string) {
  return useQuery({
    queryKey: ['users', 'lookup', query],
    queryFn: async ({ signal }) => (await apiRequest<UserLookupReply>('/users/lookup', { query: { q: query }, signal })).data,
    enabled: query.trim().length > 0,
    staleTime: 60_000,
    // The last matches stay while the next ones load, so the list does not flicker as the person types.
    placeholderData: keepPreviousData,
  });
}
