/**
 * What a delivery says, in one shape whatever sent it (DESIGN.md §22): Alertmanager's alerts and
 * the generic form's alarms become incoming alarms, the last entry of a key winning.
 */
import {
  ALARM_SUMMARY_MAX_LENGTH,
  INCIDENT_PUBLIC_NOTE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  normaliseLineBreaks,
  type AlarmLabels,
  type AlarmStatus,
  type AlertmanagerPayload,
  type GenericAlarmsBody,
} from '@switchboard/shared';
import { wellFormed } from '../../lib/well-formed.ts';

export interface IncomingAlarm {
  source: string;
  key: string;
  status: AlarmStatus;
  severity: string | null;
  summary: string;
  labels: AlarmLabels;
}

/** Cuts at a code point, never inside a surrogate pair. */
export function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('');
}

/** Within one delivery a key's last entry wins (at the place of its first). */
function lastOfEachKey(alarms: IncomingAlarm[]): IncomingAlarm[] {
  const byKey = new Map<string, IncomingAlarm>();
  // Well-formed first: the delivery's statements carry the alarms as JSON (a lone surrogate would fail them).
  for (const alarm of wellFormed(alarms)) byKey.set(`${alarm.source}\u0000${alarm.key}`, alarm);
  return [...byKey.values()];
}

/** The first of summary, description, alert name and fingerprint that is not blank, trimmed and cut. */
function summaryOf(alert: AlertmanagerPayload['alerts'][number]): string {
  const candidates = [alert.annotations.summary, alert.annotations.description, alert.labels.alertname];
  const text = candidates.map((candidate) => candidate?.trim() ?? '').find((candidate) => candidate.length > 0);
  return cut(text ?? alert.fingerprint, ALARM_SUMMARY_MAX_LENGTH).trim();
}

export function fromAlertmanager(payload: AlertmanagerPayload): IncomingAlarm[] {
  return lastOfEachKey(
    payload.alerts.map((alert) => ({
      source: 'alertmanager',
      key: alert.fingerprint,
      status: alert.status,
      severity: alert.labels.severity || null,
      summary: summaryOf(alert),
      labels: alert.labels,
    })),
  );
}

export function fromGeneric(body: GenericAlarmsBody): IncomingAlarm[] {
  return lastOfEachKey(
    body.alarms.map((alarm) => ({
      source: alarm.source,
      key: alarm.key,
      status: alarm.status,
      severity: alarm.severity || null,
      summary: alarm.summary,
      labels: alarm.labels,
    })),
  );
}

/** An incident's title from the alarm that opened it: its summary, or else its key, within a title's limit. */
export function incidentTitleOf(alarm: IncomingAlarm): string {
  return cut(alarm.summary.trim() || alarm.key.trim(), TITLE_MAX_LENGTH).trim();
}

const PLACEHOLDER = /\{(summary|severity|labels\.([A-Za-z_][A-Za-z0-9_]*))\}/g;

/**
 * The rule's public-note template with `{summary}`, `{severity}` and `{labels.NAME}` filled in from
 * the alarm, as plain text (an unknown label reads as empty); null when nothing is left.
 */
export function publicNoteOf(template: string, alarm: IncomingAlarm): string | null {
  const filled = template.replace(PLACEHOLDER, (_whole, field: string, label: string | undefined) => {
    if (label !== undefined) return alarm.labels[label] ?? '';
    return field === 'summary' ? alarm.summary : (alarm.severity ?? '');
  });
  // Stored as the incident's own form would store it: line breaks as \n, trimmed, within the limit.
  const note = cut(normaliseLineBreaks(filled).trim(), INCIDENT_PUBLIC_NOTE_MAX_LENGTH).trim();
  return note.length > 0 ? note : null;
}
