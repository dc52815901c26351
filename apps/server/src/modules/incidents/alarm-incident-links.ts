/**
 * A ticket created in a subgroup while an incident an alarm opened for it is active joins that
 * incident at once, in the ticket's own transaction (DESIGN.md §22): staff see it grouped, and its
 * issuer reads the incident's note. Tickets have no area yet (§23), so the subgroup alone decides.
 * The tickets module receives this through modules/index.ts, so that the floors hold.
 */
import type { Db } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { publishIncidentEvent } from '../events/publish.ts';
import type { AlarmIncidentLinker } from '../tickets/tickets.service.ts';
import { findAlarmIncidentOfSubgroup, linkTickets, shareLockActiveIncident } from './incidents.repository.ts';

async function linkNewTicket(
  tx: Db,
  incidentId: number,
  ticketId: number,
  trail: { actorUserId: string | null; ip: string },
): Promise<number | null> {
  if (!(await shareLockActiveIncident(tx, incidentId))) return null;
  const linked = await linkTickets(tx, incidentId, [ticketId]);
  if (linked.length === 0) return null;
  await insertAuditEntry(tx, {
    actorUserId: trail.actorUserId,
    action: 'incident.link',
    target: `incident:${incidentId}`,
    ip: trail.ip,
    details: { ticket_ids: linked, tickets_linked: linked.length, at_creation: true },
  });
  // As a link by staff announces it: which incident a ticket belongs to is staff's to know.
  await publishIncidentEvent(tx, incidentId, [{ ticket_id: ticketId, issuer_user_id: null, internal: true }]);
  return incidentId;
}

export const alarmIncidentLinker: AlarmIncidentLinker = { find: findAlarmIncidentOfSubgroup, link: linkNewTicket };
