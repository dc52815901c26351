/** Small builders the calendar tests share (and the access matrix). */
import { BANGLADESH_CALENDAR_NAME, type CalendarBody } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessCalendars } from '../../db/schema.ts';
import { insertCalendar } from './calendars.repository.ts';

const NINE_TO_FIVE = [{ start: '09:00', end: '17:00' }];

/** A Sunday–Thursday 9–17 week in Dhaka, as the API takes it. */
export function workWeekBody(name: string): CalendarBody {
  return { name, timezone: 'Asia/Dhaka', week: [NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, [], []] };
}

let sequence = 0;

/** A fresh calendar written straight to the table. */
export async function insertTestCalendar(
  db: Db,
  name = `Test calendar ${Date.now().toString(36)}-${++sequence}`,
): Promise<number> {
  const row = await insertCalendar(db, {
    name,
    timezone: 'Asia/Dhaka',
    week: [[[540, 1020]], [[540, 1020]], [[540, 1020]], [[540, 1020]], [[540, 1020]], [], []],
  });
  return row.id;
}

/** The id of the calendar the migration seeds (Sunday–Thursday 9–17, Asia/Dhaka). */
export async function seededCalendarId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: businessCalendars.id })
    .from(businessCalendars)
    .where(eq(businessCalendars.name, BANGLADESH_CALENDAR_NAME));
  if (!row) throw new Error('the seeded calendar is missing');
  return row.id;
}

/** An iCal file of these events (each `[dtstart line, summary, extra lines]`). */
export function icalOf(events: string[][]): string {
  const body = events.map((lines) => ['BEGIN:VEVENT', `UID:${Math.random().toString(36).slice(2)}@test`, ...lines, 'END:VEVENT']);
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Switchboard//Test//EN', ...body.flat(), 'END:VCALENDAR', ''].join('\r\n');
}
