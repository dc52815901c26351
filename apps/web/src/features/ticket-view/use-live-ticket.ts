import { useQueryClient } from '@tanstack/react-query';
import { ticketNotificationsKey } from '../../entities/issuer-notifications.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { ticketKey } from './api/ticket.ts';

/**
 * A new comment, a change of status, holder or incident, or a low rating (staff, DESIGN.md §25) of
 * the open ticket refetches it. The
 * screen stays mounted through the refetch, so the comment being typed and the scroll position stay.
 */
export function useLiveTicket(ticketId: number | undefined) {
  const client = useQueryClient();
  useLiveEvents((event) => {
    if (event.event !== 'comment.added' && event.event !== 'ticket.changed' && event.event !== 'ticket.rated_low') return;
    if (ticketId === undefined || event.data.ticket_id !== ticketId) return;
    void client.invalidateQueries({ queryKey: ticketKey(ticketId) });
    void client.invalidateQueries({ queryKey: ticketNotificationsKey(ticketId) });
  });
}
