import { useQuery } from '@tanstack/react-query';
import type { NumberHistory, NumberHistoryReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

/** Under 'tickets', so that whatever refreshes the tickets (a new comment, a forward) refreshes this too. */
export const numberHistoryKey = (number: string, exceptTicketId?: number) =>
  ['tickets', 'number-history', number, exceptTicketId ?? null] as const;

/**
 * GET /tickets/number-history/{number}: the number in any form the list search accepts. With
 * `exceptTicketId`, the timeline leaves that ticket's events out (the ticket on screen).
 */
export async function fetchNumberHistory(number: string, signal?: AbortSignal, exceptTicketId?: number): Promise<NumberHistory> {
  const query = exceptTicketId === undefined ? '' : `?except_ticket_id=${exceptTicketId}`;
  const reply = await apiRequest<NumberHistoryReply>(`/tickets/number-history/${encodeURIComponent(number)}${query}`, { signal });
  return reply.data;
}

/** The history of a stored number; nothing is asked while `number` is null. */
export function useNumberHistory(number: string | null, exceptTicketId?: number) {
  return useQuery({
    queryKey: numberHistoryKey(number ?? '', exceptTicketId),
    queryFn: ({ signal }) => fetchNumberHistory(number ?? '', signal, exceptTicketId),
    enabled: number !== null,
    staleTime: 30_000,
  });
}
