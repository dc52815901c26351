/** Stored incidents → replies (DESIGN.md §14). Incidents are staff's, so nothing here is withheld. */
import type { Incident, IncidentDetail } from '@switchboard/shared';
import type { IncidentView } from './incidents.repository.ts';

export function presentIncident(view: IncidentView): Incident {
  return {
    id: view.id,
    title: view.title,
    group_id: view.groupId,
    group_name: view.groupName,
    sub_group_id: view.subGroupId,
    sub_group_name: view.subGroupName,
    sub_group_name_bn: view.subGroupBn,
    status: view.status,
    public_note: view.publicNote,
    created_by_name: view.createdByName,
    created_at: view.createdAt.toISOString(),
    resolved_at: view.resolvedAt?.toISOString() ?? null,
    resolution_message: view.resolutionMessage,
    ticket_count: view.ticketCount,
    open_ticket_count: view.openTicketCount,
    opened_by: view.openedBy,
    area_codes: view.areaCodes,
    firing_alarm_count: view.firingAlarmCount,
    network_recovered_at: view.networkRecoveredAt?.toISOString() ?? null,
    suggested_resolution: view.ruleRestorationMessage,
  };
}

/**
 * What happened when, oldest first: the first report, the grouping, the latest report, the
 * resolve. Reports come from the linked tickets, so unlinking a ticket changes them.
 */
export function incidentTimeline(
  view: Pick<IncidentView, 'createdAt' | 'resolvedAt'>,
  reports: { first: Date | null; latest: Date | null },
): IncidentDetail['timeline'] {
  const events: { at: Date; event: IncidentDetail['timeline'][number]['event'] }[] = [{ at: view.createdAt, event: 'created' }];
  if (reports.first) events.push({ at: reports.first, event: 'first_report' });
  if (reports.latest && reports.latest.getTime() !== reports.first?.getTime())
    events.push({ at: reports.latest, event: 'latest_report' });
  if (view.resolvedAt) events.push({ at: view.resolvedAt, event: 'resolved' });
  return events.sort((a, b) => a.at.getTime() - b.at.getTime()).map(({ at, event }) => ({ at: at.toISOString(), event }));
}
