/** The access matrix's requests of API clients (DESIGN.md §21), one per row. */
import { createClient } from '../api-client-factories.ts';
import { call, unique, type RequestOf } from './access-world.ts';

export const API_CLIENT_REQUESTS: Record<string, RequestOf> = {
  'GET /api/v1/api-clients': async (caller) => call('GET', '/api/v1/api-clients?page=1')(caller),
  'POST /api/v1/api-clients': async (caller) =>
    call('POST', '/api/v1/api-clients', {
      name: unique('Matrix client'),
      department: 'cc',
      scopes: ['tickets:read'],
      expires_in_days: 30,
    })(caller),
  // A fresh client for each caller, made by the matrix's admin.
  'DELETE /api/v1/api-clients/{id}': async (caller, world) => {
    const client = await createClient(world.app, world.db, world.callers.admin.headers, { name: unique('Matrix revoked') });
    return call('DELETE', `/api/v1/api-clients/${client.id}`)(caller);
  },
};
