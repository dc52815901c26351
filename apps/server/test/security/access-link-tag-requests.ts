/** The access matrix's requests of links between tickets and of tags (DESIGN.md §27), one per row. */
import { ticketLinks } from '../../src/db/schema.ts';
import { call, freshTicket, type RequestOf } from './access-world.ts';

export const LINK_TAG_REQUESTS: Record<string, RequestOf> = {
  'POST /api/v1/tickets/{id}/links': async (caller, world) => {
    const [ticket, other] = [await freshTicket(world, 'cc'), await freshTicket(world, 'rs')];
    return call('POST', `/api/v1/tickets/${ticket.ticketId}/links`, { ticket_id: other.ticketId })(caller);
  },
  'DELETE /api/v1/tickets/{id}/links': async (caller, world) => {
    const [ticket, other] = [await freshTicket(world, 'cc'), await freshTicket(world, 'rs')];
    await world.db.insert(ticketLinks).values({ lowTicketId: ticket.ticketId, highTicketId: other.ticketId });
    return call('DELETE', `/api/v1/tickets/${other.ticketId}/links`, { ticket_id: ticket.ticketId })(caller);
  },
  // The customer's own ticket: tags are staff's even there.
  'PUT /api/v1/tickets/{id}/tags': async (caller, world) => {
    const ticket = await freshTicket(world, 'cc');
    return call('PUT', `/api/v1/tickets/${ticket.ticketId}/tags`, { tags: ['matrix', 'onu swap'] })(caller);
  },
  'GET /api/v1/tags': async (caller) => call('GET', '/api/v1/tags?q=onu')(caller),
};
