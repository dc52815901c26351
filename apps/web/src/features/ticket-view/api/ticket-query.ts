/**
 * The ticket's query, apart from its hooks: the route's loader starts it while the screen's script
 * is still on its way, and the screen's useTicket then finds it running (or done).
 */
import type { Ticket, TicketByIdReply } from '@switchboard/shared';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export const ticketKey = (id: number) => ['tickets', 'detail', id] as const;

/** GET /tickets/get-ticket-by-id/{id}; the reply carries the ticket as data[0] (spec §7). */
export async function fetchTicket(id: number, signal?: AbortSignal): Promise<Ticket> {
  const reply = await apiRequest<TicketByIdReply>(`/tickets/get-ticket-by-id/${id}`, { signal });
  const ticket = reply.data[0];
  if (!ticket) throw new ApiError(404, 'Ticket not found', 'not_found');
  return ticket;
}

export function ticketQuery(id: number) {
  return { queryKey: ticketKey(id), queryFn: ({ signal }: { signal: AbortSignal }) => fetchTicket(id, signal) };
}
