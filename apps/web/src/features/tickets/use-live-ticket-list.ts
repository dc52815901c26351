import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TicketByIdReply, TicketListItem, TicketListReply } from '@switchboard/shared';
import { useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { useLiveEvents } from '../../lib/live-events.ts';

/**
 * A changed ticket's row takes its new status, holder, priority (staff's, DESIGN.md §30) and due
 * time with its badges (staff's, DESIGN.md §26) in place,
 * on every cached page: a refetch
 * of the page would also bring in the new tickets and move the rows under the user's cursor.
 */
async function refreshRow(client: QueryClient, ticketId: number): Promise<void> {
  const ticket = (await apiRequest<TicketByIdReply>(`/tickets/get-ticket-by-id/${ticketId}`)).data[0];
  if (!ticket) return;
  client.setQueriesData<TicketListReply>({ queryKey: ['tickets', 'list'] }, (page) =>
    page
      ? {
          ...page,
          data: page.data.map((row) =>
            row.ticket_id === ticketId
              ? {
                  ...row,
                  ticket_status: ticket.ticket_status,
                  issued_to: ticket.issued_to,
                  priority: ticket.priority,
                  due_at: ticket.due_at,
                  overdue: ticket.overdue,
                  due_soon: ticket.due_soon,
                  waiting: ticket.waiting,
                }
              : row,
          ),
        }
      : page,
  );
}

/**
 * The list's live updates: tickets raised since the page was loaded are counted, not inserted
 * ("N new tickets — show"); a change to a ticket on the page updates its row quietly. A low rating
 * (staff, DESIGN.md §25) refetches the list: the row gains its badge, and a list of low ratings
 * gains the ticket (the toast that tells of it is the signed-in layout's).
 */
export function useLiveTicketList(rows: TicketListItem[] | undefined) {
  const client = useQueryClient();
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  useLiveEvents((event) => {
    if (event.event === 'incident.changed' || event.event === 'alarm.changed' || event.event === 'broadcast.changed') return;
    if (event.event === 'inbox.added') return;
    const onPage = rows?.some((row) => row.ticket_id === event.data.ticket_id) === true;
    if (event.event === 'ticket.created' && !onPage) setFresh((known) => new Set(known).add(event.data.ticket_id));
    // A ticket that became due soon (DESIGN.md §26) gains its badge in place, like a change.
    if ((event.event === 'ticket.changed' || event.event === 'ticket.due_soon') && onPage)
      void refreshRow(client, event.data.ticket_id).catch(() => undefined);
    if (event.event === 'ticket.rated_low') void client.invalidateQueries({ queryKey: ['tickets', 'list'] });
  });
  return {
    count: fresh.size,
    /** Brings the new tickets in: every list page is refetched (or marked stale) and the count starts over. */
    show: () => {
      setFresh(new Set());
      void client.invalidateQueries({ queryKey: ['tickets', 'list'] });
    },
  };
}
