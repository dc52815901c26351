/** The access matrix's requests of incident areas and outage broadcasts (DESIGN.md §23), one per row. */
import { insertBroadcast, queueBroadcastMessages } from '../../src/modules/broadcasts/broadcasts.repository.ts';
import { OUTAGE, seedArea, seedSubscribers } from '../../src/modules/broadcasts/broadcasts.test-support.ts';
import { insertIncident } from '../../src/modules/incidents/incidents.repository.ts';
import { call, unique, type RequestOf, type World } from './access-world.ts';

let areaSequence = 0;

/** A fresh active incident over a fresh area of two subscribers. */
async function incidentWithAudience(world: World) {
  areaSequence += 1;
  const code = `MX-${areaSequence}`;
  await seedArea(world.db, code);
  await seedSubscribers(world.db, code, 2, { first: 70_000_000 + areaSequence * 10 });
  const incident = await insertIncident(world.db, { title: unique('Matrix outage'), areaCodes: [code] });
  return { incident, code };
}

export const BROADCAST_REQUESTS: Record<string, RequestOf> = {
  'GET /api/v1/areas': async (caller) => call('GET', '/api/v1/areas')(caller),
  'GET /api/v1/incidents/{id}/broadcasts/preview': async (caller, world) => {
    const { incident } = await incidentWithAudience(world);
    return call('GET', `/api/v1/incidents/${incident.id}/broadcasts/preview?kind=outage`)(caller);
  },
  'GET /api/v1/incidents/{id}/broadcasts': async (caller, world) => {
    const { incident } = await incidentWithAudience(world);
    return call('GET', `/api/v1/incidents/${incident.id}/broadcasts`)(caller);
  },
  'POST /api/v1/incidents/{id}/broadcasts': async (caller, world) => {
    const { incident } = await incidentWithAudience(world);
    return call('POST', `/api/v1/incidents/${incident.id}/broadcasts`, OUTAGE)(caller);
  },
  'POST /api/v1/incidents/{id}/broadcasts/{broadcast_id}/cancel': async (caller, world) => {
    const { incident, code } = await incidentWithAudience(world);
    const broadcast = await insertBroadcast(world.db, {
      incidentId: incident.id,
      kind: 'outage',
      messageEn: OUTAGE.message_en,
      messageBn: OUTAGE.message_bn,
      createdBy: null,
    });
    await queueBroadcastMessages(world.db, broadcast, [code]);
    return call('POST', `/api/v1/incidents/${incident.id}/broadcasts/${broadcast.id}/cancel`)(caller);
  },
};
