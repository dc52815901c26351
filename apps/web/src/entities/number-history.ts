import { useQuery } from '@tanstack/react-query';
import type { NumberHistory, NumberHistoryReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

/** Under 'tickets', so that whatever refreshes the tickets (a new comment, a forward) refreshes this too. */
export const numberHistoryKey = (number: string) => ['tickets', 'number-history', number] as const;

/** GET /tickets/number-history/{number}: the number in any form the list search accepts. */
export async function fetchNumberHistory(number: string, signal?: AbortSignal): Promise<NumberHistory> {
  const reply = await apiRequest<NumberHistoryReply>(`/tickets/number-history/${encodeURIComponent(number)}`, { signal });
  return reply.data;
}

/** The history of a stored number; nothing is asked while `number` is null. */
export function useNumberHistory(number: string | null) {
  return useQuery({
    queryKey: numberHistoryKey(number ?? ''),
    queryFn: ({ signal }) => fetchNumberHistory(number ?? '', signal),
    enabled: number !== null,
    staleTime: 30_000,
  });
}
