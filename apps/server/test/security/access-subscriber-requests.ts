/** The access matrix's requests of the subscriber directory and its areas (DESIGN.md §23), one per row. */
import { insertTestArea, randomMobile, uniqueAreaCode } from '../../src/modules/subscribers/subscribers.test-support.ts';
import { subscribers } from '../../src/db/schema.ts';
import { call, type RequestOf, type World } from './access-world.ts';

/** A known subscriber of a fresh area: its number as typed. */
async function freshSubscriber(world: World): Promise<string> {
  const { entry, stored } = randomMobile();
  const areaCode = await insertTestArea(world.db);
  await world.db
    .insert(subscribers)
    .values({ number: stored, name: 'Matrix subscriber', areaCode, plan: 'Home', status: 'active' });
  return entry;
}

export const SUBSCRIBER_REQUESTS: Record<string, RequestOf> = {
  'GET /api/v1/areas': async (caller) => call('GET', '/api/v1/areas')(caller),
  'POST /api/v1/areas': async (caller, world) =>
    call('POST', '/api/v1/areas', {
      code: uniqueAreaCode('matrix'),
      name_en: 'Matrix area',
      name_bn: 'ম্যাট্রিক্স এলাকা',
      group_id: world.group.group.id,
      sub_group_id: world.group.subgroups[0]?.id ?? null,
    })(caller),
  'PATCH /api/v1/areas/{code}': async (caller, world) =>
    call('PATCH', `/api/v1/areas/${await insertTestArea(world.db)}`, { name_en: 'Renamed area' })(caller),
  'DELETE /api/v1/areas/{code}': async (caller, world) =>
    call('DELETE', `/api/v1/areas/${await insertTestArea(world.db)}`)(caller),
  'GET /api/v1/subscribers': async (caller) => call('GET', '/api/v1/subscribers?q=matrix&page=1')(caller),
  'PUT /api/v1/subscribers/{number}': async (caller, world) =>
    call('PUT', `/api/v1/subscribers/${randomMobile().entry}`, {
      name: 'Matrix subscriber',
      area_code: await insertTestArea(world.db),
      plan: 'Home 20',
      status: 'active',
    })(caller),
  'POST /api/v1/subscribers/import': async (caller, world) => {
    const area = await insertTestArea(world.db);
    const request = call('POST', '/api/v1/subscribers/import')(caller);
    return {
      ...request,
      headers: { ...request.headers, 'content-type': 'text/csv' },
      payload: `number,name,area,plan,status\n${randomMobile().entry},Matrix subscriber,${area},Home 20,active\n`,
    };
  },
  'GET /api/v1/subscribers/{number}/card': async (caller, world) =>
    call('GET', `/api/v1/subscribers/${await freshSubscriber(world)}/card`)(caller),
};
