/**
 * The period of a report as the form holds it (calendar days, yyyy-MM-DD, in the provider's time
 * zone) and as the call sends it: instants with the provider's offset, so that a day means the
 * provider's day wherever the browser is.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface PeriodDraft {
  start: string | null;
  end: string | null;
}

export type PeriodErrors = Partial<Record<'start_date' | 'end_date', string>>;

/** A day's first or last second in the time zone, with its offset: `2025-06-01T00:00:00+06:00`. */
function instantOf(day: string, time: string, timeZone: string | undefined): string {
  return (timeZone ? dayjs.tz(`${day}T${time}`, timeZone) : dayjs(`${day}T${time}`)).format('YYYY-MM-DDTHH:mm:ssZ');
}

/** The period as the call sends it; a day not chosen yet is sent as empty, which the schema calls missing. */
export function periodBody(period: PeriodDraft, timeZone: string | undefined): { start_date: string; end_date: string } {
  return {
    start_date: period.start ? instantOf(period.start, '00:00:00', timeZone) : '',
    end_date: period.end ? instantOf(period.end, '23:59:59', timeZone) : '',
  };
}
