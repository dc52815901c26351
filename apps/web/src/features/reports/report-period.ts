/**
 * The period of a report as the form holds it (calendar days, yyyy-MM-DD, in the provider's time
 * zone) and as the call sends it: instants with the provider's offset, so that a day means the
 * provider's day wherever the browser is.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { REPORT_MESSAGES } from '@switchboard/shared';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface PeriodDraft {
  start: string | null;
  end: string | null;
}

export type PeriodErrors = Partial<Record<'start_date' | 'end_date', string>>;

/** The spec's date rules (§5): both required, the end not before the start nor after today. */
export function periodErrors(period: PeriodDraft, today: string): PeriodErrors {
  const errors: PeriodErrors = {};
  if (!period.start) errors.start_date = REPORT_MESSAGES.startRequired;
  if (!period.end) errors.end_date = REPORT_MESSAGES.endRequired;
  else if (period.start && period.end < period.start) errors.end_date = REPORT_MESSAGES.endBeforeStart;
  else if (period.end > today) errors.end_date = REPORT_MESSAGES.endInFuture;
  return errors;
}

/** A day's first or last second in the time zone, with its offset: `2025-06-01T00:00:00+06:00`. */
function instantOf(day: string, time: string, timeZone: string | undefined): string {
  return (timeZone ? dayjs.tz(`${day}T${time}`, timeZone) : dayjs(`${day}T${time}`)).format('YYYY-MM-DDTHH:mm:ssZ');
}

export function periodBody(start: string, end: string, timeZone: string | undefined): { start_date: string; end_date: string } {
  return { start_date: instantOf(start, '00:00:00', timeZone), end_date: instantOf(end, '23:59:59', timeZone) };
}
