/** The messages to a ticket's issuer (DESIGN.md §13), as the ticket view and its live updates read them. */
import { useQuery } from '@tanstack/react-query';
import type { TicketNotificationsReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

/** Under 'tickets', so that a reply or a resolve (which refresh the tickets) refreshes this too. */
export const ticketNotificationsKey = (ticketId: number) => ['tickets', 'notifications', ticketId] as const;

/** GET /tickets/{id}/notifications: the newest 10 messages to the issuer (staff only). */
export function useTicketNotifications(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: ticketNotificationsKey(ticketId),
    queryFn: ({ signal }) => apiRequest<TicketNotificationsReply>(`/tickets/${ticketId}/notifications?page=1`, { signal }),
    enabled,
    // A message written a moment ago is sent within seconds: look again while one is pending.
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.status === 'pending') ? 3000 : false),
  });
}
