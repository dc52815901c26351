/** The access matrix's requests of incidents (DESIGN.md §14), one per row. */
import { insertIncident, linkTickets } from '../../src/modules/incidents/incidents.repository.ts';
import { buildTicket } from '../ticket-factories.ts';
import { call, freshTicket, ownDepartment, unique, type RequestOf, type World } from './access-world.ts';
import type { Department } from '@switchboard/shared';

/** A fresh active incident with one ticket held by `holder`, open unless said otherwise. */
async function freshIncident(world: World, holder: Department = 'rs', ticketStatus: 'open' | 'closed' = 'open') {
  const incident = await insertIncident(world.db, { title: unique('Matrix incident') });
  const ticket = await buildTicket(world.db, world.callers.customer.user, { issuedTo: holder, ticketStatus });
  await linkTickets(world.db, incident.id, [ticket.ticketId]);
  return { incident, ticket };
}

/** A well-formed incident to create, with the given tickets. */
function newIncident(world: World, ticketIds: number[]) {
  return {
    title: unique('Fibre cut'),
    group_id: world.group.group.id,
    sub_group_id: world.group.subgroups[0]?.id,
    public_note: 'Engineers are on site.',
    ticket_ids: ticketIds,
  };
}

export const INCIDENT_REQUESTS: Record<string, RequestOf> = {
  'GET /api/v1/incidents/suggestions': async (caller) => call('GET', '/api/v1/incidents/suggestions')(caller),
  'GET /api/v1/incidents/public-notes': async (caller, world) =>
    call('GET', `/api/v1/incidents/public-notes?sub_group_id=${world.group.subgroups[0]?.id ?? ''}`)(caller),
  'GET /api/v1/incidents': async (caller) => call('GET', '/api/v1/incidents?status=active&page=1')(caller),
  'POST /api/v1/incidents': async (caller, world) => {
    const ticket = await freshTicket(world, 'rs');
    return call('POST', '/api/v1/incidents', newIncident(world, [ticket.ticketId]))(caller);
  },
  "POST /api/v1/incidents #held by the caller's department": async (caller, world) => {
    const ticket = await freshTicket(world, ownDepartment(caller));
    return call('POST', '/api/v1/incidents', newIncident(world, [ticket.ticketId]))(caller);
  },
  'POST /api/v1/incidents #without tickets': async (caller, world) =>
    call('POST', '/api/v1/incidents', newIncident(world, []))(caller),
  'GET /api/v1/incidents/{id}': async (caller, world) => {
    const { incident } = await freshIncident(world);
    return call('GET', `/api/v1/incidents/${incident.id}`)(caller);
  },
  'POST /api/v1/incidents/{id}/tickets': async (caller, world) => {
    const { incident } = await freshIncident(world);
    const ticket = await freshTicket(world, 'iptsp');
    return call('POST', `/api/v1/incidents/${incident.id}/tickets`, { ticket_ids: [ticket.ticketId] })(caller);
  },
  "POST /api/v1/incidents/{id}/tickets #held by the caller's department": async (caller, world) => {
    const { incident } = await freshIncident(world);
    const ticket = await freshTicket(world, ownDepartment(caller));
    return call('POST', `/api/v1/incidents/${incident.id}/tickets`, { ticket_ids: [ticket.ticketId] })(caller);
  },
  'DELETE /api/v1/incidents/{id}/tickets/{ticket_id}': async (caller, world) => {
    const { incident, ticket } = await freshIncident(world);
    return call('DELETE', `/api/v1/incidents/${incident.id}/tickets/${ticket.ticketId}`)(caller);
  },
  "DELETE /api/v1/incidents/{id}/tickets/{ticket_id} #held by the caller's department": async (caller, world) => {
    const { incident, ticket } = await freshIncident(world, ownDepartment(caller));
    return call('DELETE', `/api/v1/incidents/${incident.id}/tickets/${ticket.ticketId}`)(caller);
  },
  'PATCH /api/v1/incidents/{id}': async (caller, world) => {
    const { incident } = await freshIncident(world);
    return call('PATCH', `/api/v1/incidents/${incident.id}`, { title: unique('Fibre cut, renamed') })(caller);
  },
  'POST /api/v1/incidents/suggestions/dismiss': async (caller, world) =>
    call('POST', '/api/v1/incidents/suggestions/dismiss', { sub_group_id: world.group.subgroups[0]?.id })(caller),
  'POST /api/v1/incidents/{id}/resolve': async (caller, world) => {
    const { incident } = await freshIncident(world);
    return call('POST', `/api/v1/incidents/${incident.id}/resolve`, { resolution_message: 'Repaired.' })(caller);
  },
  "POST /api/v1/incidents/{id}/resolve #held by the caller's department": async (caller, world) => {
    const { incident } = await freshIncident(world, ownDepartment(caller));
    return call('POST', `/api/v1/incidents/${incident.id}/resolve`, { resolution_message: 'Repaired.' })(caller);
  },
  "POST /api/v1/incidents/{id}/resolve #another department's ticket already solved": async (caller, world) => {
    const { incident } = await freshIncident(world, 'rs', 'closed');
    return call('POST', `/api/v1/incidents/${incident.id}/resolve`, { resolution_message: 'Repaired.' })(caller);
  },
};
