/** The access matrix's requests of the working calendars (DESIGN.md §26). */
import { insertTestCalendar, icalOf, workWeekBody } from '../../src/modules/calendars/calendars.test-support.ts';
import { upsertHoliday } from '../../src/modules/calendars/calendars.repository.ts';
import { call, unique, type RequestOf, type World } from './access-world.ts';

/** One calendar the rows that change a calendar share (a fresh one per cell would pass CALENDARS_MAX). */
const shared = new WeakMap<World, Promise<number>>();
function sharedCalendar(world: World): Promise<number> {
  let id = shared.get(world);
  if (!id) {
    id = insertTestCalendar(world.db);
    shared.set(world, id);
  }
  return id;
}

export const CALENDAR_REQUESTS: Record<string, RequestOf> = {
  'GET /api/v1/calendars': async (caller) => call('GET', '/api/v1/calendars')(caller),
  'POST /api/v1/calendars': async (caller) => call('POST', '/api/v1/calendars', workWeekBody(unique('Matrix calendar')))(caller),
  'PUT /api/v1/calendars/{id}': async (caller, world) =>
    call('PUT', `/api/v1/calendars/${await sharedCalendar(world)}`, workWeekBody(unique('Matrix calendar')))(caller),
  'DELETE /api/v1/calendars/{id}': async (caller, world) =>
    call('DELETE', `/api/v1/calendars/${await insertTestCalendar(world.db)}`)(caller),
  'POST /api/v1/calendars/{id}/holidays': async (caller, world) =>
    call('POST', `/api/v1/calendars/${await sharedCalendar(world)}/holidays`, { date: '2030-02-21', name: 'Language Day' })(
      caller,
    ),
  'DELETE /api/v1/calendars/{id}/holidays/{date}': async (caller, world) => {
    const id = await sharedCalendar(world);
    await upsertHoliday(world.db, id, '2030-03-26', 'Independence Day');
    return call('DELETE', `/api/v1/calendars/${id}/holidays/2030-03-26`)(caller);
  },
  'POST /api/v1/calendars/{id}/holidays/import': async (caller, world) => {
    const request = call('POST', `/api/v1/calendars/${await sharedCalendar(world)}/holidays/import`)(caller);
    return {
      ...request,
      headers: { ...request.headers, 'content-type': 'text/calendar' },
      payload: icalOf([['DTSTART;VALUE=DATE:20301216', 'SUMMARY:Victory Day']]),
    };
  },
};
