/**
 * SMS_QUIET_HOURS (DESIGN.md §23): the hours of the provider's day (TIMEZONE) when messages nobody
 * asked for wait: outage and update broadcasts (the restored message goes at any hour, since it
 * ends a worry rather than starts one) and the satisfaction question (§25).
 */
import type { QuietHours } from '../config.ts';

/** The hour, minute and second of `now` on the wall clock of `timezone`. */
function wallClock(now: Date, timezone: string): { hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** Whether `hour` falls in the quiet hours, which may run over midnight (22-8). */
function isQuietHour(hour: number, quiet: QuietHours): boolean {
  return quiet.startHour < quiet.endHour
    ? hour >= quiet.startHour && hour < quiet.endHour
    : hour >= quiet.startHour || hour < quiet.endHour;
}

/** When the quiet hours that hold at `now` end, or null when `now` is not quiet (or there are none). */
export function quietUntil(now: Date, quiet: QuietHours | null, timezone: string): Date | null {
  if (!quiet) return null;
  const { hour, minute, second } = wallClock(now, timezone);
  if (!isQuietHour(hour, quiet)) return null;
  const hoursLeft = (quiet.endHour - hour + 24) % 24;
  const msLeft = hoursLeft * 3_600_000 - (minute * 60_000 + second * 1000 + now.getMilliseconds());
  return new Date(now.getTime() + msLeft);
}
