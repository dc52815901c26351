/**
 * Working calendars (DESIGN.md §26): when a department works, so that its service levels count only
 * working time. A department whose level names no calendar works "Always" (the wall clock).
 */
import { z } from 'zod';
import { isCalendarDay } from './calendar.ts';
import { DEPARTMENTS } from './constants.ts';
import { msg } from './messages.ts';

export const CALENDAR_NAME_MAX_LENGTH = 60;
export const HOLIDAY_NAME_MAX_LENGTH = 80;
/** Calendars a desk may keep, working intervals a day may have, holidays a calendar may hold. */
export const CALENDARS_MAX = 50;
export const CALENDAR_INTERVALS_PER_DAY_MAX = 4;
export const HOLIDAYS_PER_CALENDAR_MAX = 1_000;
/** An iCal file larger than this, or with more events, is refused whole. */
export const ICAL_MAX_BYTES = 256 * 1024;
export const ICAL_EVENTS_MAX = 500;
/** Weekdays as JavaScript and PostgreSQL's `dow` count them: 0 is Sunday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** The time zone a new calendar starts in. */
export const DEFAULT_CALENDAR_TIMEZONE = 'Asia/Dhaka';
/** The calendar the first migration writes: Bangladesh's working week (Friday and Saturday off). */
export const BANGLADESH_CALENDAR_NAME = 'Sunday–Thursday 9–17';

/** `HH:MM` of a day, 00:00 to 24:00 (the end of the day). */
const clockSchema = z.string(msg('calendars.clock')).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, msg('calendars.clock'));

/** Minutes since midnight of `HH:MM`. */
export function minutesOfClock(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** `HH:MM` of minutes since midnight. */
export function clockOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const workingIntervalSchema = z
  .object({ start: clockSchema, end: clockSchema })
  .refine((interval) => minutesOfClock(interval.start) < minutesOfClock(interval.end), {
    message: msg('calendars.intervalInverted'),
    path: ['end'],
  });
export type WorkingInterval = z.infer<typeof workingIntervalSchema>;

/** A day's working intervals: none (closed) to CALENDAR_INTERVALS_PER_DAY_MAX, never overlapping. */
const workingDaySchema = z
  .array(workingIntervalSchema)
  .max(CALENDAR_INTERVALS_PER_DAY_MAX, msg('calendars.tooManyIntervals', { max: CALENDAR_INTERVALS_PER_DAY_MAX }))
  .refine(
    (intervals) => {
      const sorted = [...intervals].sort((a, b) => minutesOfClock(a.start) - minutesOfClock(b.start));
      return sorted.every((interval, i) => {
        const before = sorted[i - 1];
        return !before || minutesOfClock(before.end) <= minutesOfClock(interval.start);
      });
    },
    { message: msg('calendars.intervalsOverlap') },
  );

/** An IANA time zone the runtime knows (Asia/Dhaka, UTC, …). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length <= 64;
  } catch {
    return false;
  }
}

/** POST /calendars and PUT /calendars/{id} (admins): `week[0]` is Sunday; at least one working interval. */
export const calendarBodySchema = z.object({
  name: z
    .string(msg('calendars.nameRequired'))
    .trim()
    .min(1, msg('calendars.nameRequired'))
    .max(CALENDAR_NAME_MAX_LENGTH, msg('calendars.nameTooLong', { max: CALENDAR_NAME_MAX_LENGTH })),
  timezone: z.string(msg('calendars.timezone')).refine(isTimeZone, msg('calendars.timezone')),
  week: z
    .array(workingDaySchema)
    .length(WEEKDAYS.length, msg('calendars.sevenDays'))
    .refine((week) => week.some((day) => day.length > 0), msg('calendars.noWorkingTime')),
});
export type CalendarBody = z.infer<typeof calendarBodySchema>;

export const calendarParamsSchema = z.object({
  id: z.coerce.number(msg('calendars.notFound')).int(msg('calendars.notFound')).min(1, msg('calendars.notFound')),
});

export const holidayDaySchema = z.string(msg('calendars.holidayDate')).refine(isCalendarDay, msg('calendars.holidayDate'));

/** POST /calendars/{id}/holidays (admins): a day off, whatever its weekday. */
export const holidayBodySchema = z.object({
  date: holidayDaySchema,
  name: z
    .string(msg('calendars.holidayName'))
    .trim()
    .min(1, msg('calendars.holidayName'))
    .max(HOLIDAY_NAME_MAX_LENGTH, msg('calendars.holidayNameTooLong', { max: HOLIDAY_NAME_MAX_LENGTH })),
});
export type HolidayBody = z.infer<typeof holidayBodySchema>;

export const holidayParamsSchema = calendarParamsSchema.extend({ date: holidayDaySchema });

export const holidaySchema = z.object({ date: z.string(), name: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;

/** A calendar as staff read it: its week, its holidays (oldest first) and the departments on it. */
export const calendarSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  timezone: z.string(),
  week: z.array(z.array(z.object({ start: z.string(), end: z.string() }))),
  holidays: z.array(holidaySchema),
  departments: z.array(z.enum(DEPARTMENTS)),
});
export type Calendar = z.infer<typeof calendarSchema>;

/** GET /calendars (staff): every calendar, by name; "Always" is not one of them (a level's null). */
export const calendarListReplySchema = z.object({ data: z.array(calendarSchema) });
export type CalendarListReply = z.infer<typeof calendarListReplySchema>;

export const calendarReplySchema = z.object({ data: calendarSchema });
export type CalendarReply = z.infer<typeof calendarReplySchema>;

/**
 * POST /calendars/{id}/holidays/import (admins), body `text/calendar` of at most ICAL_MAX_BYTES:
 * each all-day event becomes a holiday (a day already there keeps its name); events that are not
 * all-day, or repeat, are counted as skipped.
 */
export const holidayImportReplySchema = z.object({
  data: z.object({ imported: z.number().int(), skipped: z.number().int() }),
});
export type HolidayImportReply = z.infer<typeof holidayImportReplySchema>;
