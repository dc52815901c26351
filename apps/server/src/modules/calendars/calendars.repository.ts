/** SQL of the working calendars and their holidays (DESIGN.md §26): a few rows read by name and day. */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessCalendars, holidays, type WeekMinutes } from '../../db/schema.ts';

export type CalendarRow = typeof businessCalendars.$inferSelect;
export type HolidayRow = typeof holidays.$inferSelect;
export type { WeekMinutes };

/** A calendar with its holidays (oldest first). */
export interface CalendarView extends CalendarRow {
  holidays: HolidayRow[];
}

export interface CalendarFields {
  name: string;
  timezone: string;
  week: WeekMinutes;
}

/** The calendars (all, or those of `ids`), by name, with their holidays. */
export async function listCalendarViews(db: Db, ids?: number[]): Promise<CalendarView[]> {
  const rows = await db
    .select()
    .from(businessCalendars)
    .where(ids ? inArray(businessCalendars.id, ids) : undefined)
    .orderBy(asc(businessCalendars.name));
  if (rows.length === 0) return [];
  const calendarIds = rows.map((row) => row.id);
  const days = await db.select().from(holidays).where(inArray(holidays.calendarId, calendarIds)).orderBy(asc(holidays.day));
  return rows.map((row) => ({
    ...row,
    holidays: days.filter((day) => day.calendarId === row.id),
  }));
}

export async function countCalendars(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(businessCalendars);
  return row?.total ?? 0;
}

/** The calendar, locked until the end of the transaction. */
export async function lockCalendar(db: Db, id: number): Promise<CalendarRow | null> {
  const [row] = await db.select().from(businessCalendars).where(eq(businessCalendars.id, id)).for('update');
  return row ?? null;
}

/** Calendars are created one at a time, so that CALENDARS_MAX holds under concurrent requests. */
export async function lockCalendarCreation(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('business_calendars:create'))`);
}

export async function insertCalendar(db: Db, fields: CalendarFields): Promise<CalendarRow> {
  const [row] = await db.insert(businessCalendars).values(fields).returning();
  if (!row) throw new Error('insert into business_calendars returned no row');
  return row;
}

export async function updateCalendar(db: Db, id: number, fields: CalendarFields): Promise<void> {
  await db
    .update(businessCalendars)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(businessCalendars.id, id));
}

/** Deletes the calendar and (by cascade) its holidays. */
export async function deleteCalendarRow(db: Db, id: number): Promise<void> {
  await db.delete(businessCalendars).where(eq(businessCalendars.id, id));
}

export async function countHolidays(db: Db, calendarId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(holidays).where(eq(holidays.calendarId, calendarId));
  return row?.total ?? 0;
}

/** Writes the holiday, or renames the one of its day. */
export async function upsertHoliday(db: Db, calendarId: number, day: string, name: string): Promise<void> {
  await db
    .insert(holidays)
    .values({ calendarId, day, name })
    .onConflictDoUpdate({ target: [holidays.calendarId, holidays.day], set: { name } });
}

/** Writes the holidays whose days the calendar does not have yet: how many were new. */
export async function insertNewHolidays(db: Db, calendarId: number, days: { day: string; name: string }[]): Promise<number> {
  if (days.length === 0) return 0;
  const written = await db
    .insert(holidays)
    .values(days.map((day) => ({ calendarId, ...day })))
    .onConflictDoNothing()
    .returning({ day: holidays.day });
  return written.length;
}

/** Removes the holiday of the day: whether there was one. */
export async function deleteHoliday(db: Db, calendarId: number, day: string): Promise<boolean> {
  const removed = await db
    .delete(holidays)
    .where(and(eq(holidays.calendarId, calendarId), eq(holidays.day, day)))
    .returning({ day: holidays.day });
  return removed.length > 0;
}
