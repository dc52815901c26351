/**
 * Working calendars (DESIGN.md §26): when a department works, so that its service levels count only
 * working time. Staff read them; admins write them. Every write locks the calendar, writes its audit
 * row and, when working time changed, schedules the recomputation of the due times of the
 * departments on it, all in one transaction; the route then wakes the job runner.
 */
import {
  AppError,
  CALENDARS_MAX,
  canManageCalendars,
  canSeeServiceLevels,
  clockOfMinutes,
  HOLIDAYS_PER_CALENDAR_MAX,
  minutesOfClock,
  type AuditAction,
  type Calendar,
  type CalendarBody,
  type CalendarListReply,
  type HolidayBody,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { listServiceLevelRows } from '../service-levels/service-levels.repository.ts';
import { scheduleRecompute } from '../service-levels/sla-recompute.ts';
import {
  countCalendars,
  countHolidays,
  deleteCalendarRow,
  deleteHoliday,
  insertCalendar,
  insertNewHolidays,
  listCalendarViews,
  lockCalendar,
  lockCalendarCreation,
  updateCalendar,
  upsertHoliday,
  type CalendarRow,
  type CalendarView,
  type WeekMinutes,
} from './calendars.repository.ts';
import { readIcalHolidays } from './ical-holidays.ts';

export function assertCanSeeCalendars(viewer: Actor): void {
  if (!canSeeServiceLevels(viewer)) throw new AppError('forbidden', 'calendars.staffOnly');
}

export function assertCanManageCalendars(viewer: Actor): void {
  if (!canManageCalendars(viewer)) throw new AppError('forbidden', 'calendars.adminsOnly');
}

/** The week as stored: minutes `[start, end)` per weekday, each day's intervals in order. */
function weekMinutesOf(week: CalendarBody['week']): WeekMinutes {
  return week.map((day) =>
    day
      .map((interval): [number, number] => [minutesOfClock(interval.start), minutesOfClock(interval.end)])
      .sort((a, b) => a[0] - b[0]),
  );
}

function present(view: CalendarView, departments: Calendar['departments']): Calendar {
  return {
    id: view.id,
    name: view.name,
    timezone: view.timezone,
    week: view.week.map((day) => day.map(([start, end]) => ({ start: clockOfMinutes(start), end: clockOfMinutes(end) }))),
    holidays: view.holidays.map((holiday) => ({ date: holiday.day, name: holiday.name })),
    departments,
  };
}

async function presented(db: Db, ids?: number[]): Promise<Calendar[]> {
  const [views, levels] = await Promise.all([listCalendarViews(db, ids), listServiceLevelRows(db)]);
  return views.map((view) =>
    present(
      view,
      levels.filter((level) => level.calendarId === view.id).map((level) => level.department),
    ),
  );
}

async function calendarOf(db: Db, id: number): Promise<Calendar> {
  const [calendar] = await presented(db, [id]);
  if (!calendar) throw new AppError('not_found', 'calendars.notFound');
  return calendar;
}

async function departmentsOn(db: Db, id: number) {
  return (await listServiceLevelRows(db)).filter((level) => level.calendarId === id).map((level) => level.department);
}

async function audit(db: Db, actor: Actor, action: Extract<AuditAction, `calendar.${string}`>, id: number, details: object) {
  await insertAuditEntry(db, { actorUserId: actor.id, action, target: `calendar:${id}`, ip: actor.ip, details: { ...details } });
}

async function lockExisting(tx: Db, id: number): Promise<CalendarRow> {
  const row = await lockCalendar(tx, id);
  if (!row) throw new AppError('not_found', 'calendars.notFound');
  return row;
}

/** Working time of the calendar changed: the due times of the departments on it follow in the background. */
async function recomputeFor(tx: Db, id: number): Promise<void> {
  await scheduleRecompute(tx, await departmentsOn(tx, id));
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('conflict', 'calendars.nameTaken');
  throw error;
}

export async function listCalendars(db: Db, viewer: Actor): Promise<CalendarListReply> {
  assertCanSeeCalendars(viewer);
  return { data: await presented(db) };
}

export async function createCalendar(db: Db, actor: Actor, body: CalendarBody): Promise<Calendar> {
  assertCanManageCalendars(actor);
  const fields = { name: body.name, timezone: body.timezone, week: weekMinutesOf(body.week) };
  const row = await db
    .transaction(async (tx) => {
      await lockCalendarCreation(tx);
      if ((await countCalendars(tx)) >= CALENDARS_MAX)
        throw new AppError('conflict', 'calendars.tooMany', { max: CALENDARS_MAX });
      const created = await insertCalendar(tx, fields);
      await audit(tx, actor, 'calendar.create', created.id, { name: created.name, timezone: created.timezone });
      return created;
    })
    .catch(nameTaken);
  return calendarOf(db, row.id);
}

export async function changeCalendar(db: Db, actor: Actor, id: number, body: CalendarBody): Promise<Calendar> {
  assertCanManageCalendars(actor);
  const fields = { name: body.name, timezone: body.timezone, week: weekMinutesOf(body.week) };
  await db
    .transaction(async (tx) => {
      const before = await lockExisting(tx, id);
      await updateCalendar(tx, id, fields);
      const workingTimeChanged =
        before.timezone !== fields.timezone || JSON.stringify(before.week) !== JSON.stringify(fields.week);
      if (workingTimeChanged) await recomputeFor(tx, id);
      await audit(tx, actor, 'calendar.update', id, {
        name: fields.name,
        timezone: fields.timezone,
        ...(before.name === fields.name ? {} : { previous_name: before.name }),
      });
    })
    .catch(nameTaken);
  return calendarOf(db, id);
}

/** Deletes a calendar no level counts in (409 naming the departments otherwise). */
export async function deleteCalendar(db: Db, actor: Actor, id: number): Promise<void> {
  assertCanManageCalendars(actor);
  await db.transaction(async (tx) => {
    const row = await lockExisting(tx, id);
    const departments = await departmentsOn(tx, id);
    if (departments.length > 0) throw new AppError('conflict', 'calendars.inUse', { departments: departments.join(', ') });
    await deleteCalendarRow(tx, id);
    await audit(tx, actor, 'calendar.delete', id, { name: row.name });
  });
}

export async function addHoliday(db: Db, actor: Actor, id: number, body: HolidayBody): Promise<Calendar> {
  assertCanManageCalendars(actor);
  await db.transaction(async (tx) => {
    await lockExisting(tx, id);
    if ((await countHolidays(tx, id)) >= HOLIDAYS_PER_CALENDAR_MAX)
      throw new AppError('conflict', 'calendars.tooManyHolidays', { max: HOLIDAYS_PER_CALENDAR_MAX });
    await upsertHoliday(tx, id, body.date, body.name);
    await recomputeFor(tx, id);
    await audit(tx, actor, 'calendar.holidays', id, { added: [body.date], name: body.name });
  });
  return calendarOf(db, id);
}

export async function removeHoliday(db: Db, actor: Actor, id: number, date: string): Promise<void> {
  assertCanManageCalendars(actor);
  await db.transaction(async (tx) => {
    await lockExisting(tx, id);
    if (!(await deleteHoliday(tx, id, date))) throw new AppError('not_found', 'calendars.holidayNotFound');
    await recomputeFor(tx, id);
    await audit(tx, actor, 'calendar.holidays', id, { removed: [date] });
  });
}

/** Imports the all-day events of an iCal file as holidays; a day the calendar has keeps its name. */
export async function importHolidays(
  db: Db,
  actor: Actor,
  id: number,
  text: string,
): Promise<{ imported: number; skipped: number }> {
  assertCanManageCalendars(actor);
  const { days, skipped } = readIcalHolidays(text);
  return db.transaction(async (tx) => {
    await lockExisting(tx, id);
    if ((await countHolidays(tx, id)) + days.length > HOLIDAYS_PER_CALENDAR_MAX)
      throw new AppError('conflict', 'calendars.tooManyHolidays', { max: HOLIDAYS_PER_CALENDAR_MAX });
    const imported = await insertNewHolidays(tx, id, days);
    if (imported > 0) await recomputeFor(tx, id);
    await audit(tx, actor, 'calendar.holidays', id, { imported, skipped });
    return { imported, skipped };
  });
}
