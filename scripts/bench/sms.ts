/**
 * The inbound SMS row of DESIGN.md §24's budget: the gateway's callbacks paced at 100 messages a
 * second, from a pool of bench numbers, each message filed as the desk files it (a new ticket for
 * a number's first message, then comments on it, and a STATUS now and then). Latencies of the
 * answered callbacks; the rate reached says whether the budget holds.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { LoadOptions, Measurement } from './load.ts';
import type { RunningProcess } from './processes.ts';
import type { CorpusSample } from './scenarios.ts';

/** DESIGN.md §24: this many inbound messages a second. */
export const INBOUND_SMS_PER_SECOND = 100;

/** Callbacks under way at once: a gateway calls back from a pool of connections. */
const LOOPS = 16;
/** Bench numbers (88096 9…): reused by every run, so that their accounts are made once. */
export const INBOUND_NUMBERS = 5000;
/** The share of messages that are a STATUS. */
const STATUS_SHARE = 0.1;
const ID_PREFIX = 'bench-sms-';

/** The bench's product numbers (88096 9 and seven digits), which the desk files inbound SMS of. */
export const inboundNumberOf = (index: number) => `880969${String(index).padStart(7, '0')}`;

/** A client with channels:inbound, as the SMS gateway calls back with; its token. */
export async function gatewayToken(server: RunningProcess, admin: string): Promise<string> {
  const created = await fetch(`${server.url}/api/v1/api-clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench sms gateway', department: 'cc', scopes: ['channels:inbound'], expires_in_days: 1 }),
  });
  if (created.status !== 201)
    throw new Error(`creating the gateway's client answered ${created.status}: ${await created.text()}`);
  return ((await created.json()) as { token: string }).token;
}

/** One message as the gateway posts it, from one of the first `numbers` bench numbers: mostly text, `statusShare` a STATUS. */
function messageOf(numbers: number, statusShare: number): Record<string, string> {
  const from = inboundNumberOf(Math.floor(Math.random() * numbers));
  const text = Math.random() < statusShare ? 'STATUS' : `Bench ${Math.random().toString(36).slice(2)}: the line is down again`;
  return { msisdn: from, text, message_id: `${ID_PREFIX}${randomUUID()}` };
}

/** Calls the inbound SMS callback once, as the gateway would, with a message of `messageOf`. */
export function postInboundSms(
  server: RunningProcess,
  token: string,
  numbers = INBOUND_NUMBERS,
  statusShare = STATUS_SHARE,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${server.url}/api/v1/channels/sms/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(messageOf(numbers, statusShare)).toString(),
    ...(signal ? { signal } : {}),
  });
}

/** Removes the bench's inbound rows and revokes the gateway's client (the tickets and comments go with the benchmark writes). */
export async function removeInbound(pool: pg.Pool): Promise<void> {
  await pool.query(`delete from inbound_messages where channel = 'sms' and external_id like $1`, [`${ID_PREFIX}%`]);
  await pool.query(`update api_clients set revoked_at = now() where name = 'bench sms gateway' and revoked_at is null`);
  await pool.query('vacuum (analyze) inbound_messages');
}

/** Callbacks paced so that all loops together offer `perSecond` until `seconds` pass. */
async function runCallbacks(server: RunningProcess, token: string, seconds: number, perSecond: number): Promise<Measurement> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const until = started + seconds * 1000;
  const gapMs = (1000 * LOOPS) / perSecond;
  const loop = async (index: number) => {
    let next = started + (gapMs * index) / LOOPS;
    while (performance.now() < until) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      next += gapMs;
      const sent = performance.now();
      const reply = await postInboundSms(server, token);
      await reply.arrayBuffer();
      if (reply.status === 200) latencies.push(performance.now() - sent);
      else statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: LOOPS }, (_, index) => loop(index)));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
  return {
    name: `sms: inbound paced at ${perSecond}/s`,
    kind: 'api',
    requestsPerSecond: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors: Object.values(statuses).reduce((sum, count) => sum + count, 0),
    requests: latencies.length,
    statuses,
  };
}

/**
 * Paces inbound callbacks at the budget's rate; afterwards the run's inbound rows go (the tickets
 * and comments they filed go with the next run's removal of benchmark writes) and the client is revoked.
 */
export async function measureInboundSms(
  server: RunningProcess,
  pool: pg.Pool,
  sample: CorpusSample,
  load: LoadOptions,
  settle: () => Promise<void>,
): Promise<Measurement> {
  const token = await gatewayToken(server, sample.staff.token);
  try {
    const paced = await runCallbacks(server, token, load.seconds, INBOUND_SMS_PER_SECOND);
    await settle();
    return paced;
  } finally {
    await removeInbound(pool);
  }
}
