/** The access matrix's requests of the operations features (DESIGN.md §29), one per row. */
import { randomProblematicNumber } from '../ticket-factories.ts';
import { call, type RequestOf } from './access-world.ts';

export const OPERATIONS_REQUESTS: Record<string, RequestOf> = {
  // A number nobody has: an admin's erasure succeeds and touches nothing of the world's callers.
  'POST /api/v1/numbers/{number}/erase': async (caller) => {
    const number = randomProblematicNumber();
    return call('POST', `/api/v1/numbers/${number}/erase`, { confirm: number })(caller);
  },
  'GET /api/v1/retention': async (caller) => call('GET', '/api/v1/retention')(caller),
};
