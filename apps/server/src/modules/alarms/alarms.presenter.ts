/** Alarms and deliveries as staff read them (DESIGN.md §22). Labels stay text: the client never renders them as markup. */
import type { Alarm, AlarmDelivery } from '@switchboard/shared';
import type { AlarmListRow, listDeliveryPage } from './alarms.repository.ts';

type DeliveryRow = Awaited<ReturnType<typeof listDeliveryPage>>['rows'][number];

export function presentAlarm(row: AlarmListRow): Alarm {
  return {
    id: row.id,
    key: row.key,
    source: row.source,
    status: row.status,
    severity: row.severity,
    summary: row.summary,
    labels: row.labels,
    first_seen: row.firstSeen.toISOString(),
    last_seen: row.lastSeen.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    incident_id: row.incidentId,
    incident_title: row.incidentTitle,
    rule_id: row.ruleId,
    rule_name: row.ruleName,
  };
}

export function presentDelivery(row: DeliveryRow): AlarmDelivery {
  return {
    id: row.id,
    received_at: row.receivedAt.toISOString(),
    source: row.source,
    client_name: row.clientName,
    alarms: row.alarms,
    firing: row.firing,
    resolved: row.resolved,
  };
}
