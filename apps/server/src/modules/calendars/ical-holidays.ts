/**
 * Reads holidays from an iCal file (RFC 5545) with ical.js: each all-day event that does not repeat
 * is a holiday on each of its days; a timed or a repeating event is skipped (a working calendar
 * closes whole days, and a repeating "holiday" would need a horizon nobody chose).
 */
import ICAL from 'ical.js';
import { AppError, HOLIDAY_NAME_MAX_LENGTH, ICAL_EVENTS_MAX } from '@switchboard/shared';

/** The longest all-day event taken as holidays (a festival of a few days, not a season). */
const EVENT_DAYS_MAX = 31;

export interface IcalHolidays {
  days: { day: string; name: string }[];
  skipped: number;
}

function parsed(text: string): ICAL.Component {
  try {
    // ical.js types its parse as `any`: a jCal array (one component) or several; one VCALENDAR is taken.
    const jcal: unknown = ICAL.parse(text);
    if (!Array.isArray(jcal) || typeof jcal[0] !== 'string') throw new Error('not one component');
    const component = new ICAL.Component(jcal);
    if (component.name !== 'vcalendar') throw new Error('not a VCALENDAR');
    return component;
  } catch {
    throw new AppError('bad_request', 'calendars.icalMalformed');
  }
}

/** `YYYY-MM-DD` of an all-day date. */
function dayOf(time: ICAL.Time): string {
  return `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
}

function holidayName(summary: unknown): string {
  const name = typeof summary === 'string' ? summary.trim() : '';
  return (name || 'Holiday').slice(0, HOLIDAY_NAME_MAX_LENGTH);
}

/** The days of an all-day event, DTEND exclusive (one day when it has none). */
function daysOf(event: ICAL.Event): string[] | null {
  const start = event.startDate;
  const end = event.endDate;
  const days = [dayOf(start)];
  if (!end || end.compare(start) <= 0) return days;
  const cursor = start.clone();
  for (let i = 1; i < EVENT_DAYS_MAX; i++) {
    cursor.adjust(1, 0, 0, 0);
    if (cursor.compare(end) >= 0) return days;
    days.push(dayOf(cursor));
  }
  cursor.adjust(1, 0, 0, 0);
  return cursor.compare(end) >= 0 ? days : null;
}

/** The holidays of the file; a file that is no calendar, or has more than ICAL_EVENTS_MAX events, is refused (400). */
export function readIcalHolidays(text: string): IcalHolidays {
  const events = parsed(text).getAllSubcomponents('vevent');
  if (events.length > ICAL_EVENTS_MAX) throw new AppError('bad_request', 'calendars.icalTooManyEvents', { max: ICAL_EVENTS_MAX });
  const byDay = new Map<string, string>();
  let skipped = 0;
  for (const component of events) {
    try {
      const event = new ICAL.Event(component);
      const days = !event.startDate?.isDate || event.isRecurring() ? null : daysOf(event);
      if (!days) {
        skipped += 1;
        continue;
      }
      for (const day of days) if (!byDay.has(day)) byDay.set(day, holidayName(event.summary));
    } catch {
      skipped += 1;
    }
  }
  return { days: [...byDay].map(([day, name]) => ({ day, name })), skipped };
}
