/**
 * The working calendars' API (DESIGN.md §26): staff read, admins write, every refusal with
 * `{ message, code }`, every change audited, and a change of working time schedules the
 * recomputation of the due times of the departments on the calendar.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { BANGLADESH_CALENDAR_NAME, type Calendar, type CalendarListReply, type Role, type UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { auditLog, serviceLevels } from '../../db/schema.ts';
import { findPendingJob } from '../jobs/jobs.repository.ts';
import { insertTestCalendar, seededCalendarId, workWeekBody } from './calendars.test-support.ts';

type Headers = Record<string, string>;
let sequence = 0;
const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}-${++sequence}`;

describeWithApp('working calendars', (ctx) => {
  const person = (userType: UserType, role: Role = 'user') => signedInAs(ctx.app, ctx.db, { userType, role });
  const admin = async () => (await person('cc', 'admin')).headers;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const create = async (headers: Headers, name = uniqueName('Calendar')) => {
    const reply = await send('POST', '/calendars', headers, workWeekBody(name));
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<{ data: Calendar }>().data;
  };
  const expectRefusal = (reply: { statusCode: number; json: () => unknown; body: string }, status: number, code: string) => {
    expect(reply.statusCode, reply.body).toBe(status);
    expect(reply.json()).toMatchObject({ code, message: expect.any(String) });
  };

  afterEach(async () => {
    await ctx.db.update(serviceLevels).set({ calendarId: null });
  });

  describe('who may', () => {
    it('needs a signed-in user', async () => {
      expectRefusal(await send('GET', '/calendars', {}), 401, 'unauthorized');
      expectRefusal(await send('POST', '/calendars', {}, workWeekBody('Stranger')), 401, 'unauthorized');
    });

    it.each(['customer', 'agent'] as const)('refuses a %s, even as an admin', async (userType) => {
      const { headers } = await person(userType, 'admin');
      expectRefusal(await send('GET', '/calendars', headers), 403, 'forbidden');
      expectRefusal(await send('POST', '/calendars', headers, workWeekBody('Outsider')), 403, 'forbidden');
    });

    it('lets staff read the calendars, the seeded Sunday–Thursday one among them, but not write', async () => {
      const { headers } = await person('rs', 'moderator');
      const reply = await send('GET', '/calendars', headers);
      expect(reply.statusCode, reply.body).toBe(200);
      const seeded = reply.json<CalendarListReply>().data.find((calendar) => calendar.name === BANGLADESH_CALENDAR_NAME);
      expect(seeded).toMatchObject({ timezone: 'Asia/Dhaka', week: workWeekBody('x').week, holidays: [] });
      const id = await insertTestCalendar(ctx.db);
      expectRefusal(await send('POST', '/calendars', headers, workWeekBody(uniqueName('Moderator'))), 403, 'forbidden');
      expectRefusal(await send('PUT', `/calendars/${id}`, headers, workWeekBody(uniqueName('Moderator'))), 403, 'forbidden');
      expectRefusal(await send('DELETE', `/calendars/${id}`, headers), 403, 'forbidden');
      expectRefusal(
        await send('POST', `/calendars/${id}/holidays`, headers, { date: '2030-01-01', name: 'New Year' }),
        403,
        'forbidden',
      );
    });
  });

  describe('writes', () => {
    it('creates, changes and deletes a calendar, each audited', async () => {
      const headers = await admin();
      const calendar = await create(headers, uniqueName('Night shift'));
      expect(calendar.departments).toEqual([]);
      const night = { ...workWeekBody(uniqueName('Night shift')), timezone: 'UTC' };
      night.week[6] = [
        { start: '18:00', end: '24:00' },
        { start: '00:00', end: '02:00' },
      ];
      const changed = await send('PUT', `/calendars/${calendar.id}`, headers, night);
      expect(changed.statusCode, changed.body).toBe(200);
      // Intervals are kept in the order of the day.
      expect(changed.json<{ data: Calendar }>().data.week[6]).toEqual([
        { start: '00:00', end: '02:00' },
        { start: '18:00', end: '24:00' },
      ]);
      const deleted = await send('DELETE', `/calendars/${calendar.id}`, headers);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expectRefusal(await send('PUT', `/calendars/${calendar.id}`, headers, night), 404, 'not_found');
      const audit = await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `calendar:${calendar.id}`));
      expect(audit.map((row) => row.action)).toEqual(['calendar.create', 'calendar.update', 'calendar.delete']);
    });

    it.each([
      ['an inverted interval', (body: ReturnType<typeof workWeekBody>) => (body.week[0] = [{ start: '17:00', end: '09:00' }])],
      [
        'overlapping intervals',
        (body: ReturnType<typeof workWeekBody>) =>
          (body.week[1] = [
            { start: '09:00', end: '13:00' },
            { start: '12:00', end: '17:00' },
          ]),
      ],
      [
        'five intervals a day',
        (body: ReturnType<typeof workWeekBody>) =>
          (body.week[2] = ['01', '03', '05', '07', '09'].map((h) => ({ start: `${h}:00`, end: `${h}:30` }))),
      ],
      ['a bad time', (body: ReturnType<typeof workWeekBody>) => (body.week[3] = [{ start: '9:00', end: '25:00' }])],
      ['an unknown time zone', (body: ReturnType<typeof workWeekBody>) => (body.timezone = 'Mars/Olympus')],
      ['no working time', (body: ReturnType<typeof workWeekBody>) => (body.week = [[], [], [], [], [], [], []])],
      ['six days', (body: ReturnType<typeof workWeekBody>) => body.week.pop()],
      ['an empty name', (body: ReturnType<typeof workWeekBody>) => (body.name = '  ')],
    ])('refuses %s with 400', async (_case, spoil) => {
      const body = workWeekBody(uniqueName('Spoilt'));
      spoil(body);
      expectRefusal(await send('POST', '/calendars', await admin(), body), 400, 'validation');
    });

    it('refuses a taken name with 409, on create and on rename', async () => {
      const headers = await admin();
      const name = uniqueName('Taken');
      await create(headers, name);
      const other = await create(headers);
      expectRefusal(await send('POST', '/calendars', headers, workWeekBody(name)), 409, 'conflict');
      expectRefusal(await send('PUT', `/calendars/${other.id}`, headers, workWeekBody(name)), 409, 'conflict');
    });

    it('refuses an unknown or malformed id with 404', async () => {
      const headers = await admin();
      expectRefusal(await send('PUT', '/calendars/999999', headers, workWeekBody(uniqueName('Nobody'))), 404, 'not_found');
      expectRefusal(await send('DELETE', '/calendars/999999', headers), 404, 'not_found');
      expectRefusal(
        await send('POST', '/calendars/999999/holidays', headers, { date: '2030-01-01', name: 'New Year' }),
        404,
        'not_found',
      );
      expect((await send('DELETE', '/calendars/abc', headers)).statusCode).toBe(400);
    });

    it('refuses to delete a calendar a service level counts in, naming the department (409)', async () => {
      const headers = await admin();
      const calendar = await create(headers);
      const level = await send('PUT', '/service-levels/rs', headers, {
        first_reply_hours: 4,
        resolve_hours: 48,
        calendar_id: calendar.id,
      });
      expect(level.statusCode, level.body).toBe(200);
      const listed = (await send('GET', '/calendars', headers)).json<CalendarListReply>().data;
      expect(listed.find((item) => item.id === calendar.id)?.departments).toEqual(['rs']);
      const refused = await send('DELETE', `/calendars/${calendar.id}`, headers);
      expectRefusal(refused, 409, 'conflict');
      expect(refused.json<{ message: string }>().message).toContain('rs');
    });
  });

  describe('holidays', () => {
    it('adds, renames and removes a holiday; a missing one is 404; a bad date 400', async () => {
      const headers = await admin();
      const calendar = await create(headers);
      const added = await send('POST', `/calendars/${calendar.id}/holidays`, headers, {
        date: '2030-02-21',
        name: 'Language Day',
      });
      expect(added.statusCode, added.body).toBe(200);
      await send('POST', `/calendars/${calendar.id}/holidays`, headers, { date: '2030-01-01', name: 'New Year' });
      const renamed = await send('POST', `/calendars/${calendar.id}/holidays`, headers, {
        date: '2030-02-21',
        name: 'Shaheed Dibosh',
      });
      expect(renamed.json<{ data: Calendar }>().data.holidays).toEqual([
        { date: '2030-01-01', name: 'New Year' },
        { date: '2030-02-21', name: 'Shaheed Dibosh' },
      ]);
      expect((await send('DELETE', `/calendars/${calendar.id}/holidays/2030-01-01`, headers)).statusCode).toBe(200);
      expectRefusal(await send('DELETE', `/calendars/${calendar.id}/holidays/2030-01-01`, headers), 404, 'not_found');
      expectRefusal(
        await send('POST', `/calendars/${calendar.id}/holidays`, headers, { date: '2030-02-30', name: 'Never' }),
        400,
        'validation',
      );
      const audit = await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `calendar:${calendar.id}`));
      expect(audit.filter((row) => row.action === 'calendar.holidays')).toHaveLength(4);
    });
  });

  describe('recomputation', () => {
    it('schedules the recomputation of the departments on a calendar when its working time changes, not of others', async () => {
      const headers = await admin();
      const id = await seededCalendarId(ctx.db);
      await ctx.db.update(serviceLevels).set({ calendarId: id }).where(eq(serviceLevels.department, 'iptsp'));
      await ctx.app.jobs.runOnce();
      expect(await findPendingJob(ctx.db, 'sla.recompute:iptsp')).toBeNull();
      const holiday = await send('POST', `/calendars/${id}/holidays`, headers, { date: '2030-12-16', name: 'Victory Day' });
      expect(holiday.statusCode, holiday.body).toBe(200);
      expect(await findPendingJob(ctx.db, 'sla.recompute:iptsp')).toMatchObject({ payload: { cursor: 0 } });
      expect(await findPendingJob(ctx.db, 'sla.recompute:cc')).toBeNull();
      await ctx.app.jobs.runOnce();
      expect(await findPendingJob(ctx.db, 'sla.recompute:iptsp')).toBeNull();
      await send('DELETE', `/calendars/${id}/holidays/2030-12-16`, headers);
      expect(await findPendingJob(ctx.db, 'sla.recompute:iptsp')).not.toBeNull();
      await ctx.app.jobs.runOnce();
    });
  });
});
