/** The access matrix's requests of webhook endpoints (DESIGN.md §21), one per row. */
import { webhookEndpoints } from '../../src/db/schema.ts';
import { insertEndpoint, insertTestDelivery } from '../../src/modules/webhooks/webhooks.repository.ts';
import { call, unique, type RequestOf, type World } from './access-world.ts';

/** A public address by its literal: no name is resolved, and the worker is off in these suites. */
const RECEIVER = 'https://1.1.1.1/hooks';

/** A fresh endpoint, made by the test (not through the API). */
function freshEndpoint(world: World) {
  return insertEndpoint(world.db, {
    url: RECEIVER,
    description: unique('Matrix hook'),
    department: 'cc',
    events: ['ticket.created'],
    secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
  });
}

export const WEBHOOK_REQUESTS: Record<string, RequestOf> = {
  'POST /api/v1/webhook-endpoints': async (caller, world) => {
    // Room under the limit of endpoints, whatever earlier rows made.
    await world.db.delete(webhookEndpoints);
    return call('POST', '/api/v1/webhook-endpoints', { url: RECEIVER, department: 'cc', events: ['ticket.created'] })(caller);
  },
  'GET /api/v1/webhook-endpoints': async (caller) => call('GET', '/api/v1/webhook-endpoints')(caller),
  'PATCH /api/v1/webhook-endpoints/{id}': async (caller, world) =>
    call('PATCH', `/api/v1/webhook-endpoints/${await freshEndpoint(world)}`, { active: false })(caller),
  'DELETE /api/v1/webhook-endpoints/{id}': async (caller, world) =>
    call('DELETE', `/api/v1/webhook-endpoints/${await freshEndpoint(world)}`)(caller),
  'GET /api/v1/webhook-endpoints/{id}/deliveries': async (caller, world) =>
    call('GET', `/api/v1/webhook-endpoints/${await freshEndpoint(world)}/deliveries?page=1`)(caller),
  'POST /api/v1/webhook-endpoints/{id}/test': async (caller, world) =>
    call('POST', `/api/v1/webhook-endpoints/${await freshEndpoint(world)}/test`)(caller),
  'POST /api/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/redeliver': async (caller, world) => {
    const endpointId = await freshEndpoint(world);
    const delivery = await insertTestDelivery(world.db, endpointId);
    return call('POST', `/api/v1/webhook-endpoints/${endpointId}/deliveries/${delivery.id}/redeliver`)(caller);
  },
};
