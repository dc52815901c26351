/**
 * Dates as the provider sees them: the display format of the spec ('MMM DD • hh:mm:ss A') and the
 * calendar days of the list filters, both in the provider's time zone (GET /config `timezone`), so
 * that a desk in Dhaka and a customer abroad read the same time on a ticket.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { API_DATE_FORMAT, DISPLAY_DATETIME_FORMAT } from '@switchboard/shared';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Formats an ISO instant for display; without a time zone yet, the browser's own is used. */
export function formatDisplayDateTime(iso: string | null | undefined, timeZone: string | undefined): string {
  if (!iso) return '';
  const instant = dayjs(iso);
  if (!instant.isValid()) return '';
  return (timeZone ? instant.tz(timeZone) : instant).format(DISPLAY_DATETIME_FORMAT);
}

/** Today as a calendar day (yyyy-MM-DD) in the given time zone. */
export function todayIn(timeZone: string | undefined): string {
  return (timeZone ? dayjs().tz(timeZone) : dayjs()).format(API_DATE_FORMAT);
}
