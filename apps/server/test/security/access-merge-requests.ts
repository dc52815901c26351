/** The access matrix's requests of merging duplicates (DESIGN.md §27). */
import { buildTicket } from '../ticket-factories.ts';
import { call, freshTicket, ownDepartment, type RequestOf, type World } from './access-world.ts';
import type { Department } from '@switchboard/shared';

/** Two fresh unsolved tickets of the matrix's customer about one number, held by `holder`. */
async function freshDuplicates(world: World, holder: Department) {
  const source = await freshTicket(world, holder);
  const target = await buildTicket(world.db, world.callers.customer.user, {
    issuedTo: holder,
    problematicNumber: source.problematicNumber,
  });
  return { source, target };
}

export const MERGE_REQUESTS: Record<string, RequestOf> = {
  'POST /api/v1/tickets/{id}/merge': async (caller, world) => {
    const { source, target } = await freshDuplicates(world, 'cc');
    return call('POST', `/api/v1/tickets/${source.ticketId}/merge`, { into_ticket_id: target.ticketId })(caller);
  },
  "POST /api/v1/tickets/{id}/merge #held by the caller's department": async (caller, world) => {
    const { source, target } = await freshDuplicates(world, ownDepartment(caller));
    return call('POST', `/api/v1/tickets/${source.ticketId}/merge`, { into_ticket_id: target.ticketId })(caller);
  },
  'GET /api/v1/tickets/{id}/merge-candidates': async (caller, world) =>
    call('GET', `/api/v1/tickets/${world.customerTicket.ticketId}/merge-candidates?q=slow`)(caller),
};
