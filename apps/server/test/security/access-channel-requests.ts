/** The access matrix's requests of the SMS gateway's callbacks (DESIGN.md §24), one per row. */
import { randomInt, randomUUID } from 'node:crypto';
import { call, type RequestOf } from './access-world.ts';

/** STATUS from a new number: answered, nothing filed, so every row may repeat it. */
const statusMessage = () => ({
  msisdn: `8801${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
  text: 'STATUS',
  message_id: randomUUID(),
});

/** A report of a message that is none of ours: `unknown`, changing nothing. */
const unknownReport = () => ({ reference: `outbox-${randomUUID()}`, status: 'DELIVRD' });

export const CHANNEL_REQUESTS: Record<string, RequestOf> = {
  'POST /api/v1/channels/sms/inbound': async (caller) => call('POST', '/api/v1/channels/sms/inbound', statusMessage())(caller),
  'GET /api/v1/channels/sms/inbound': async (caller) =>
    call('GET', `/api/v1/channels/sms/inbound?${new URLSearchParams(statusMessage()).toString()}`)(caller),
  'POST /api/v1/channels/sms/delivery': async (caller) => call('POST', '/api/v1/channels/sms/delivery', unknownReport())(caller),
  'GET /api/v1/channels/sms/delivery': async (caller) =>
    call('GET', `/api/v1/channels/sms/delivery?${new URLSearchParams(unknownReport()).toString()}`)(caller),
};
