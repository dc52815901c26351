/**
 * Dates as the provider sees them, in the interface's language: the display format of the spec ('MMM DD • hh:mm:ss A') and the
 * calendar days of the list filters, both in the provider's time zone (GET /config `timezone`), so
 * that a desk in Dhaka and a customer abroad read the same time on a ticket.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES } from '@switchboard/shared';
import { currentLanguage } from './i18n.ts';

/** Calls send dates as yyyy-MM-DD; the screens show them as below (dayjs format strings). */
const API_DATE_FORMAT = 'YYYY-MM-DD';
const DISPLAY_DATETIME_FORMAT = 'MMM DD • hh:mm:ss A';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Dates in another language than English: the month's name of that language's locale, Latin digits (LANGUAGE_LOCALES). */
const LOCAL_DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
};

/**
 * Formats an ISO instant for display in the interface's language (English: the spec's format);
 * without a time zone yet, the browser's own is used.
 */
export function formatDisplayDateTime(iso: string | null | undefined, timeZone: string | undefined): string {
  if (!iso) return '';
  const instant = dayjs(iso);
  if (!instant.isValid()) return '';
  const language = currentLanguage();
  if (language !== DEFAULT_LANGUAGE) {
    return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { ...LOCAL_DATE_TIME, ...(timeZone ? { timeZone } : {}) }).format(
      instant.toDate(),
    );
  }
  return (timeZone ? instant.tz(timeZone) : instant).format(DISPLAY_DATETIME_FORMAT);
}

/**
 * A calendar day (yyyy-MM-DD) as the interface's locale writes it, digits Latin ("Nov 26, 2026",
 * "26 নভে, 2026"); a value that is not a day is shown as it is.
 */
export function formatCalendarDay(day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  const date = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[currentLanguage()], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** Mantine's date fields' `valueFormatter`: the chosen day as formatCalendarDay writes it. */
export const calendarDayFormatter = ({ date }: { date: unknown }): string =>
  typeof date === 'string' ? formatCalendarDay(date) : '';

/** Today as a calendar day (yyyy-MM-DD) in the given time zone. */
export function todayIn(timeZone: string | undefined): string {
  return (timeZone ? dayjs().tz(timeZone) : dayjs()).format(API_DATE_FORMAT);
}
