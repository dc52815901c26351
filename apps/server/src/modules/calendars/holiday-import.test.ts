/**
 * Importing holidays from an iCal file (DESIGN.md §26): all-day events become holidays, timed and
 * repeating ones are counted as skipped; a huge, malformed or crowded file is refused whole.
 */
import { ICAL_EVENTS_MAX, ICAL_MAX_BYTES, type Calendar } from '@switchboard/shared';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { icalOf, insertTestCalendar } from './calendars.test-support.ts';

describeWithApp('importing holidays from iCal', (ctx) => {
  const admin = async () => (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
  const importing = async (id: number, payload: string, headers?: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/calendars/${id}/holidays/import`,
      headers: { ...(headers ?? (await admin())), 'content-type': 'text/calendar' },
      payload,
    });
  const holidaysOf = async (id: number) => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/calendars', headers: await admin() });
    return reply.json<{ data: Calendar[] }>().data.find((calendar) => calendar.id === id)?.holidays;
  };

  it('imports all-day events (each day of a long one), skips timed and repeating ones, keeps names it has', async () => {
    const id = await insertTestCalendar(ctx.db);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/calendars/${id}/holidays`,
      headers: await admin(),
      payload: { date: '2030-03-26', name: 'Our own name' },
    });
    const file = icalOf([
      ['DTSTART;VALUE=DATE:20300221', 'SUMMARY:Language Day'],
      ['DTSTART;VALUE=DATE:20300326', 'SUMMARY:Independence Day'],
      ['DTSTART;VALUE=DATE:20300409', 'DTEND;VALUE=DATE:20300412', 'SUMMARY:Eid'],
      ['DTSTART:20300501T090000Z', 'DTEND:20300501T100000Z', 'SUMMARY:A meeting'],
      ['DTSTART;VALUE=DATE:20300101', 'RRULE:FREQ=YEARLY', 'SUMMARY:Every New Year'],
    ]);
    const reply = await importing(id, file);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ data: { imported: 4, skipped: 2 } });
    expect(await holidaysOf(id)).toEqual([
      { date: '2030-02-21', name: 'Language Day' },
      { date: '2030-03-26', name: 'Our own name' },
      { date: '2030-04-09', name: 'Eid' },
      { date: '2030-04-10', name: 'Eid' },
      { date: '2030-04-11', name: 'Eid' },
    ]);
  });

  it.each([
    ['text that is no calendar', 'hello, world'],
    ['a calendar cut short', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n'],
    ['a vCard', 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Someone\r\nEND:VCARD\r\n'],
  ])('refuses %s with 400 and stores nothing', async (_case, payload) => {
    const id = await insertTestCalendar(ctx.db);
    const reply = await importing(id, payload);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'bad_request', message: expect.stringContaining('iCal') });
    expect(await holidaysOf(id)).toEqual([]);
  });

  it(`refuses more than ${ICAL_EVENTS_MAX} events with 400`, async () => {
    const id = await insertTestCalendar(ctx.db);
    const events = Array.from({ length: ICAL_EVENTS_MAX + 1 }, (_, i) => [
      `DTSTART;VALUE=DATE:${20300101 + (i % 28)}`,
      `SUMMARY:Day ${i}`,
    ]);
    const reply = await importing(id, icalOf(events));
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'bad_request', message: expect.stringContaining(String(ICAL_EVENTS_MAX)) });
  });

  it('refuses a file over the limit with 413 and its own words', async () => {
    const id = await insertTestCalendar(ctx.db);
    const huge = icalOf([['DTSTART;VALUE=DATE:20300101', `SUMMARY:${'x'.repeat(ICAL_MAX_BYTES)}`]]);
    const reply = await importing(id, huge);
    expect(reply.statusCode, reply.body).toBe(413);
    expect(reply.json()).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('iCal') });
  });

  it('refuses another content type with 415, staff with 403 and an unknown calendar with 404', async () => {
    const id = await insertTestCalendar(ctx.db);
    const file = icalOf([['DTSTART;VALUE=DATE:20300101', 'SUMMARY:New Year']]);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/calendars/${id}/holidays/import`,
      headers: await admin(),
      payload: { file },
    });
    expect(json.statusCode, json.body).toBe(415);
    const staff = (await signedInAs(ctx.app, ctx.db, { userType: 'rs', role: 'moderator' })).headers;
    expect((await importing(id, file, staff)).statusCode).toBe(403);
    expect((await importing(999_999, file)).statusCode).toBe(404);
  });
});
