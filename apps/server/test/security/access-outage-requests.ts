/** The access matrix's requests of the status by number and the outage ledger (DESIGN.md §23), one per row. */
import { solveCaptcha } from '../factories.ts';
import { randomSubscriberNumber } from '../outage-factories.ts';
import { call, type RequestOf } from './access-world.ts';

/** What the public types after +88. */
const typedNumber = () => randomSubscriberNumber().slice(2);

export const OUTAGE_REQUESTS: Record<string, RequestOf> = {
  'GET /api/v1/status/{number}': async (caller, world) =>
    call('GET', `/api/v1/status/${typedNumber()}?token=${encodeURIComponent(await solveCaptcha(world.app, 'status'))}`)(caller),
  // The internal create form: staff ask without a bot check; a session that ended is told so.
  'GET /api/v1/status/{number} #without a bot check': async (caller) => call('GET', `/api/v1/status/${typedNumber()}`)(caller),
  'POST /api/v1/reports/outages': async (caller) =>
    call('POST', '/api/v1/reports/outages', {
      start_date: '2026-01-01T00:00:00+06:00',
      end_date: '2026-01-31T23:59:59+06:00',
    })(caller),
};
