/**
 * The subscriber and broadcast rows of DESIGN.md §23's budgets. The sample admin imports
 * 1,000,000 × BENCH_SCALE subscribers (a CSV made in memory first, then streamed in chunks) into
 * two areas: the struck one holds min(100,000, all) of them, the other the rest. A representative
 * write (create ticket) runs alone; an incident on the struck area is opened and an outage
 * broadcast queued to its subscribers (timed from the POST to its 201); the write runs again while
 * those messages wait (the bench server sends at 0.1 SMS/s, so all but a few do), and staff check
 * numbers' status at a steady 300/s. Afterwards the broadcast is cancelled, the incident resolved,
 * and the subscribers, their messages and the status checks removed.
 */
import type pg from 'pg';
import { measureHttp, type HttpScenario, type LoadOptions, type Measurement } from './load.ts';
import type { RunningProcess } from './processes.ts';
import { otherScenarios, type CorpusSample } from './scenarios.ts';

/** DESIGN.md §23: 1,000,000 subscribers imported in 60 s; 100,000 messages queued in 10 s. */
export const FULL_IMPORT_ROWS = 1_000_000;
export const IMPORT_ROWS_PER_SECOND = FULL_IMPORT_ROWS / 60;
export const FULL_BROADCAST_ROWS = 100_000;
export const QUEUED_ROWS_PER_SECOND = FULL_BROADCAST_ROWS / 10;
/** The desk's writes keep this share of their throughput while a broadcast's messages wait. */
export const SHARE_OF_WRITES_WHILE_WAITING = 0.9;
/** GET /status/{number}: p95 at the steady load (STEADY_RATE), ms. */
export const STATUS_P95_MS = 20;

/** The area the bench's outage strikes. */
export const STRUCK_AREA = 'bench-outage';
const OTHER_AREA = 'bench-rest';
const BENCH_AREAS = [STRUCK_AREA, OTHER_AREA];
/** The bench's numbers: 88019 and eight digits of the subscriber's index. */
const NUMBER_PREFIX = '88019';
const LINES_PER_CHUNK = 5000;
const PLANS = ['Home 20 Mbps', 'Home 50 Mbps', 'Business 100 Mbps'];

/** A step that handles many rows in one request: how many, and the seconds from the request to its reply. */
export interface Bulk {
  rows: number;
  seconds: number;
}

export interface OutageRows {
  imported: { api: Measurement; bulk: Bulk };
  queued: { api: Measurement; bulk: Bulk };
  writesAlone: Measurement;
  writesWhileWaiting: Measurement;
  /** The broadcast's messages still pending after the writes' run. */
  waiting: number;
  status: Measurement;
}

const benchNumberOf = (index: number) => `${NUMBER_PREFIX}${String(index).padStart(8, '0')}`;

/** The number of the subscriber of an index (the import's `index`th line). */
export type NumberOf = (index: number) => string;

async function call(server: RunningProcess, token: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function expectStatus<T>(reply: Response, status: number, what: string): Promise<T> {
  const text = await reply.text();
  if (reply.status !== status) throw new Error(`${what} answered ${reply.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The bench's two areas (made once, kept between runs), without subscribers of earlier runs. */
export async function prepareAreas(server: RunningProcess, pool: pg.Pool, admin: string): Promise<void> {
  const { rows } = await pool.query<{ code: string }>('select code from areas where code = any($1)', [BENCH_AREAS]);
  const known = new Set(rows.map((row) => row.code));
  for (const code of BENCH_AREAS.filter((candidate) => !known.has(candidate))) {
    const reply = await call(server, admin, '/areas', { code, name_en: `Bench ${code}`, name_bn: `বেঞ্চ ${code}` });
    await expectStatus(reply, 201, `creating the area ${code}`);
  }
  await removeSubscribers(pool);
}

async function removeSubscribers(pool: pg.Pool): Promise<void> {
  await pool.query('delete from subscribers where area_code = any($1)', [BENCH_AREAS]);
  await pool.query('vacuum (analyze) subscribers');
}

/** The import's CSV, made before the clock starts: the header, then `rows` subscribers in chunks. */
function csvChunks(rows: number, struck: number, numberOf: NumberOf): Buffer[] {
  const chunks = [Buffer.from('number,name,area,plan,status,language\n')];
  for (let start = 0; start < rows; start += LINES_PER_CHUNK) {
    let text = '';
    for (let i = start; i < Math.min(rows, start + LINES_PER_CHUNK); i += 1) {
      const area = i < struck ? STRUCK_AREA : OTHER_AREA;
      text += `${numberOf(i)},Bench Subscriber ${i},${area},${PLANS[i % PLANS.length]},active,${i % 4 === 0 ? 'en' : 'bn'}\n`;
    }
    chunks.push(Buffer.from(text));
  }
  return chunks;
}

/** One request's Measurement: its latency as every percentile, one reply. */
function single(name: string, seconds: number): Measurement {
  const ms = seconds * 1000;
  return { name, kind: 'api', requestsPerSecond: 1 / seconds, p50: ms, p95: ms, p99: ms, errors: 0, requests: 1, statuses: {} };
}

/**
 * Imports `rows` subscribers through POST /subscribers/import, the first `struck` of them in the
 * struck area, numbered by `numberOf` (the bench's own numbers unless told).
 */
export async function importSubscribers(
  server: RunningProcess,
  admin: string,
  rows: number,
  struck: number,
  numberOf: NumberOf = benchNumberOf,
) {
  const chunks = csvChunks(rows, struck, numberOf);
  const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const started = performance.now();
  // A streamed body needs `duplex: 'half'` (Node's fetch), which the DOM's RequestInit does not name.
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv', 'content-length': String(bytes) },
    body,
    duplex: 'half',
  };
  const reply = await fetch(`${server.url}/api/v1/subscribers/import`, init);
  const report = await expectStatus<{ data: { stored: number; refused: number } }>(reply, 200, 'the import');
  const seconds = (performance.now() - started) / 1000;
  if (report.data.stored !== rows) throw new Error(`the import stored ${report.data.stored} of ${rows} rows`);
  const name = `outages: import ${rows.toLocaleString('en')} subscribers`;
  return { api: single(name, seconds), bulk: { rows, seconds } };
}

async function openIncident(server: RunningProcess, admin: string, sample: CorpusSample): Promise<number> {
  const reply = await call(server, admin, '/incidents', {
    title: 'Bench outage: fibre cut',
    group_id: sample.groupId,
    sub_group_id: sample.subGroupId,
    public_note: 'A fibre cut affects this area; engineers are on site.',
    area_codes: [STRUCK_AREA],
  });
  return (await expectStatus<{ data: { id: number } }>(reply, 201, 'opening the incident')).data.id;
}

/** Queues an outage broadcast to the incident's areas (POST /incidents/{id}/broadcasts), timed to its 201. */
export async function queueBroadcast(server: RunningProcess, admin: string, incidentId: number) {
  const started = performance.now();
  const reply = await call(server, admin, `/incidents/${incidentId}/broadcasts`, {
    kind: 'outage',
    message_en: 'A fibre cut affects internet in your area. Engineers are on site; we will tell you when it is fixed.',
    message_bn: 'আপনার এলাকায় ফাইবার কাটার কারণে ইন্টারনেট বন্ধ। প্রকৌশলীরা কাজ করছেন; ঠিক হলে আমরা জানাব।',
  });
  const { data } = await expectStatus<{ data: { id: string; recipients: number } }>(reply, 201, 'the broadcast');
  const seconds = (performance.now() - started) / 1000;
  const name = `outages: broadcast to ${data.recipients.toLocaleString('en')} queued`;
  return { id: data.id, api: single(name, seconds), bulk: { rows: data.recipients, seconds } };
}

async function pendingOf(pool: pg.Pool, broadcastId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from outbox_messages where broadcast_id = $1 and status = 'pending'`,
    [broadcastId],
  );
  return rows[0]?.n ?? 0;
}

/** Staff checking numbers on the create form: the bench's subscribers, and one in eleven a number nobody has. */
function statusScenario(sample: CorpusSample, rows: number): HttpScenario {
  return {
    name: 'outages: status by number at 300/s',
    method: 'GET',
    headers: { authorization: `Bearer ${sample.staff.token}` },
    next: () => ({ path: `/api/v1/status/${benchNumberOf(Math.floor(Math.random() * rows * 1.1))}` }),
  };
}

/**
 * Cancels the broadcast (unless it has finished: 409), resolves the incident, and removes the
 * subscribers, their messages and the status checks.
 */
export async function removeOutage(
  server: RunningProcess,
  pool: pg.Pool,
  admin: string,
  incidentId?: number,
  broadcastId?: string,
) {
  if (incidentId !== undefined && broadcastId !== undefined) {
    const cancelled = await call(server, admin, `/incidents/${incidentId}/broadcasts/${broadcastId}/cancel`);
    if (cancelled.status !== 409) await expectStatus(cancelled, 200, 'cancelling the broadcast');
    else await cancelled.arrayBuffer();
    await pool.query('delete from outbox_messages where broadcast_id = $1', [broadcastId]);
  }
  if (incidentId !== undefined) {
    const resolved = await call(server, admin, `/incidents/${incidentId}/resolve`, {
      resolution_message: 'The fibre is spliced; service is back.',
    });
    await expectStatus(resolved, 200, 'resolving the incident');
  }
  await pool.query('delete from status_checks where number like $1 or incident_id = $2', [`${NUMBER_PREFIX}%`, incidentId ?? 0]);
  await pool.query('vacuum (analyze) outbox_messages, status_checks');
  await removeSubscribers(pool);
}

export async function measureOutages(
  server: RunningProcess,
  pool: pg.Pool,
  sample: CorpusSample,
  scale: number,
  loads: { load: LoadOptions; steady: LoadOptions },
  settle: () => Promise<void>,
): Promise<OutageRows> {
  const admin = sample.staff.token;
  const rows = Math.max(1, Math.round(FULL_IMPORT_ROWS * scale));
  const struck = Math.min(FULL_BROADCAST_ROWS, rows);
  const write = otherScenarios(sample).find((scenario) => scenario.name === 'create ticket');
  if (!write) throw new Error('no create ticket scenario');
  await prepareAreas(server, pool, admin);
  let incidentId: number | undefined;
  let broadcastId: string | undefined;
  try {
    const imported = await importSubscribers(server, admin, rows, struck);
    // What autovacuum would have done by the time an outage strikes (the bench's PostgreSQL runs without it).
    await pool.query('analyze subscribers');
    await settle();
    const writesAlone = await measureHttp(
      server,
      { ...write, name: 'outages: create ticket, nothing waiting' },
      'api',
      loads.load,
    );
    await settle();
    incidentId = await openIncident(server, admin, sample);
    const queued = await queueBroadcast(server, admin, incidentId);
    broadcastId = queued.id;
    await settle();
    const whileName = `outages: create ticket while ${queued.bulk.rows.toLocaleString('en')} wait`;
    const writesWhileWaiting = await measureHttp(server, { ...write, name: whileName }, 'api', loads.load);
    const waiting = await pendingOf(pool, queued.id);
    await settle();
    const status = await measureHttp(server, statusScenario(sample, rows), 'api', loads.steady);
    await settle();
    return { imported, queued: { api: queued.api, bulk: queued.bulk }, writesAlone, writesWhileWaiting, waiting, status };
  } finally {
    await removeOutage(server, pool, admin, incidentId, broadcastId);
  }
}
