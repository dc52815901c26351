/**
 * The period of a report as the form holds it (calendar days, yyyy-MM-DD, in the provider's time
 * zone) and as the call sends it: instants with the provider's offset, so that a day means the
 * provider's day wherever the browser is.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { REPORT_MESSAGES, reportBodySchema, type ReportInput } from '@switchboard/shared';
import { errorsOf, validateWith, type FieldErrors } from '../../lib/schema-form.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface PeriodDraft {
  start: string | null;
  end: string | null;
}

export type PeriodErrors = Partial<Record<'start_date' | 'end_date', string>>;

/**
 * What the report endpoint's schema says of the body (both dates required, in order, at most
 * REPORT_MAX_DAYS long, a valid user number), plus the spec's rule that the end is not after today,
 * which only the server's clock can state and so is not in the schema.
 */
export function reportErrors(body: ReportInput, period: PeriodDraft, today: string): FieldErrors {
  const errors = errorsOf(validateWith(reportBodySchema, body));
  if (!errors.end_date && period.end && period.end > today) errors.end_date = REPORT_MESSAGES.endInFuture;
  return errors;
}

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
