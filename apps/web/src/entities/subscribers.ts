/** The subscriber directory (DESIGN.md §23) as the ticket view and the create form read it: a number's card. */
import { useQuery } from '@tanstack/react-query';
import type { SubscriberCardReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

/** Everything the directory's screens read: an import or a save refreshes it all. */
export const subscribersKey = ['subscribers'] as const;

/** GET /subscribers/{number}/card (staff): the number's subscriber, or data null; nothing is asked while `number` is null. */
export function useSubscriberCard(number: string | null) {
  return useQuery({
    queryKey: [...subscribersKey, 'card', number],
    queryFn: ({ signal }) => apiRequest<SubscriberCardReply>(`/subscribers/${number ?? ''}/card`, { signal }),
    enabled: number !== null,
    staleTime: 60_000,
  });
}
