/**
 * How long ago a ticket was raised and how soon it is due (DESIGN.md §17), in the short words a
 * list has room for: minutes under an hour, hours under two days, days after that. In the
 * interface's language; the numbers keep Latin digits, as ids and numbers do.
 */
import { translate } from './i18n.ts';
import { labelMessages } from './messages.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A span of time, rounded down: "45 min", "3 h", "2 d" (under a minute reads "1 min"). */
export function formatSpan(milliseconds: number): string {
  const span = Math.max(0, milliseconds);
  if (span < HOUR) return translate(labelMessages, 'spanMinutes', { value: String(Math.max(1, Math.floor(span / MINUTE))) });
  if (span < 2 * DAY) return translate(labelMessages, 'spanHours', { value: String(Math.floor(span / HOUR)) });
  return translate(labelMessages, 'spanDays', { value: String(Math.floor(span / DAY)) });
}

/** The age of a ticket raised at `createdAt`: "3 h old". */
export function formatAge(createdAt: string, now: Date): string {
  return translate(labelMessages, 'age', { span: formatSpan(now.getTime() - new Date(createdAt).getTime()) });
}

/** When a ticket is due, as staff read it at `now`: "Due in 3 h", "Due now" or "Overdue by 2 h". */
export function formatDue(dueAt: string, now: Date): string {
  const left = new Date(dueAt).getTime() - now.getTime();
  // Exactly at its due time a ticket is not overdue yet, as the server counts it.
  if (left >= 0)
    return left < MINUTE ? translate(labelMessages, 'dueNow') : translate(labelMessages, 'dueIn', { span: formatSpan(left) });
  return translate(labelMessages, 'overdueBy', { span: formatSpan(-left) });
}
