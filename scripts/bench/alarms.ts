/**
 * The alarm rows of DESIGN.md §22's budget: intake of generic alarms in batches of 100 from four
 * monitoring clients (each a client of its own, as several systems would post), first as fast as
 * the desk answers, then paced at the budget's 2,000 alarms/s for its latency; and a read (ticket
 * by id) alone and during such a storm. The storm flaps: each batch fires or resolves keys from a
 * pool of 2,000 a client, routed by one rule to one incident, so that repeats, new firings,
 * recoveries and the incident's bookkeeping all take part.
 */
import { measureHttp, type HttpScenario, type LoadOptions, type Measurement } from './load.ts';
import type { RunningProcess } from './processes.ts';
import { randomTicketId, type CorpusSample } from './scenarios.ts';
import type pg from 'pg';

export const ALARMS_PER_BATCH = 100;
/** DESIGN.md §22: this many alarms a second, at most this p95 a batch; reads keep this share. */
export const ALARMS_PER_SECOND = 2000;
export const ALARM_BATCH_P95_MS = 50;
export const SHARE_OF_READS_IN_STORM = 0.9;

const CLIENTS = 4;
const LOOPS_PER_CLIENT = 2;
const KEYS_PER_CLIENT = 2000;
const BENCH_SOURCE = 'bench storm';
const RULE_NAME = 'bench storm';

export interface AlarmRows {
  intake: Measurement;
  paced: Measurement;
  readsAlone: Measurement;
  readsInStorm: Measurement;
}

interface Storm {
  server: RunningProcess;
  tokens: string[];
}

async function post(
  server: RunningProcess,
  token: string,
  path: string,
  body: unknown,
  method = 'POST',
  signal?: AbortSignal,
): Promise<Response> {
  // No body, no content type: Fastify refuses an empty JSON body (a DELETE's).
  return fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
}

/**
 * Deletes the bench's routing rules through the API: this run's, and any an interrupted run left
 * (rules route in order, the first match wins, so a leftover would take the storm's alarms).
 */
async function deleteBenchRules(server: RunningProcess, pool: pg.Pool, admin: string): Promise<void> {
  const { rows } = await pool.query<{ id: string }>('select id from alarm_rules where name = $1', [RULE_NAME]);
  for (const { id } of rows) {
    const reply = await post(server, admin, `/alarm-rules/${id}`, undefined, 'DELETE');
    if (reply.status !== 204) throw new Error(`deleting the bench rule answered ${reply.status}: ${await reply.text()}`);
  }
}

/**
 * The storm's routing rule (`site =~ bench-N` → a subgroup of the corpus, and `areaCodes`, so that
 * its incident strikes those areas) and its monitoring clients, made by the admin; the clients' tokens.
 */
export async function prepareStorm(
  server: RunningProcess,
  pool: pg.Pool,
  admin: string,
  areaCodes: string[] = [],
): Promise<string[]> {
  const { rows } = await pool.query<{ group_id: string; id: string }>(
    'select s.group_id, s.id from subgroups s join groups g on g.id = s.group_id where g.deleted_at is null limit 1',
  );
  const subgroup = rows[0];
  if (!subgroup) throw new Error('the corpus has no subgroup');
  await deleteBenchRules(server, pool, admin);
  const rule = await post(server, admin, '/alarm-rules', {
    name: RULE_NAME,
    matchers: [{ name: 'site', op: '=~', value: 'bench-[0-9]+' }],
    group_id: subgroup.group_id,
    sub_group_id: subgroup.id,
    area_codes: areaCodes,
  });
  if (rule.status !== 201) throw new Error(`creating the bench rule answered ${rule.status}: ${await rule.text()}`);
  await rule.arrayBuffer();
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const created = await post(server, admin, '/api-clients', {
      name: `bench alarms ${i}`,
      department: 'oss-bss',
      scopes: ['alarms:write'],
      expires_in_days: 1,
    });
    if (created.status !== 201) throw new Error(`creating a client answered ${created.status}: ${await created.text()}`);
    tokens.push(((await created.json()) as { token: string }).token);
  }
  return tokens;
}

/** Removes what the storm left: its alarms and deliveries, its incident resolved, the rule and the clients revoked. */
export async function removeStorm(server: RunningProcess, pool: pg.Pool, admin: string): Promise<void> {
  await pool.query('delete from alarms where source = $1', [BENCH_SOURCE]);
  await pool.query('delete from alarm_deliveries where source = $1', [BENCH_SOURCE]);
  await pool.query(
    `update incidents set status = 'resolved', resolved_at = now()
     where alarm_rule_id in (select id from alarm_rules where name = $1) and status = 'active'`,
    [RULE_NAME],
  );
  await deleteBenchRules(server, pool, admin);
  await pool.query(`update api_clients set revoked_at = now() where name like 'bench alarms %' and revoked_at is null`);
  await pool.query('vacuum (analyze) alarms, alarm_deliveries');
}

/** A batch of the storm's alarms from monitoring client `client` (its own pool of keys). */
function batchOf(client: number): unknown {
  const alarms = Array.from({ length: ALARMS_PER_BATCH }, () => {
    const key = Math.floor(Math.random() * KEYS_PER_CLIENT);
    return {
      source: BENCH_SOURCE,
      key: `c${client}-k${key}`,
      status: Math.random() < 0.5 ? 'firing' : 'resolved',
      severity: 'critical',
      summary: `Bench OLT ${key} down`,
      labels: { site: `bench-${key % 10}`, olt: `olt-${key}` },
    };
  });
  return { alarms };
}

/** Posts one batch as monitoring client `client` (of `tokens`) would. */
export function postAlarmBatch(
  server: RunningProcess,
  tokens: string[],
  client: number,
  signal?: AbortSignal,
): Promise<Response> {
  const index = client % tokens.length;
  return post(server, tokens[index] ?? '', '/alarms/generic', batchOf(index), 'POST', signal);
}

/**
 * Posts batches from every client's loops until `seconds` pass: as fast as answered, or each loop
 * paced so that all together offer `perSecond` batches. Latencies of 200 replies, others counted.
 */
async function runStorm(storm: Storm, seconds: number, perSecond?: number): Promise<Measurement> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const until = started + seconds * 1000;
  const loops = CLIENTS * LOOPS_PER_CLIENT;
  const gapMs = perSecond === undefined ? 0 : (1000 * loops) / perSecond;
  const loop = async (index: number) => {
    let next = started + (gapMs * index) / loops;
    while (performance.now() < until) {
      if (gapMs > 0) {
        const wait = next - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        next += gapMs;
      }
      const sent = performance.now();
      const reply = await postAlarmBatch(storm.server, storm.tokens, index);
      await reply.arrayBuffer();
      if (reply.status === 200) latencies.push(performance.now() - sent);
      else statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, index) => loop(index)));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? NaN;
  const errors = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  const name = perSecond === undefined ? 'alarms: intake, batches of 100' : `alarms: intake paced at ${ALARMS_PER_SECOND}/s`;
  return {
    name,
    kind: 'api',
    requestsPerSecond: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors,
    requests: latencies.length,
    statuses,
  };
}

export async function measureAlarms(
  server: RunningProcess,
  pool: pg.Pool,
  sample: CorpusSample,
  load: LoadOptions,
  settle: () => Promise<void>,
): Promise<AlarmRows> {
  const tokens = await prepareStorm(server, pool, sample.staff.token);
  const storm = { server, tokens };
  try {
    const intake = await runStorm(storm, load.seconds);
    await settle();
    const paced = await runStorm(storm, load.seconds, ALARMS_PER_SECOND / ALARMS_PER_BATCH);
    await settle();
    const read = (name: string): HttpScenario => ({
      name,
      method: 'GET',
      headers: { authorization: `Bearer ${sample.staff.token}` },
      next: () => ({ path: `/api/v1/tickets/get-ticket-by-id/${randomTicketId(sample)}` }),
    });
    const readsAlone = await measureHttp(server, read('alarms: ticket by id, no storm'), 'api', load);
    await settle();
    // The storm runs through the read's warm-up and measured run alike.
    const [readsInStorm] = await Promise.all([
      measureHttp(server, read('alarms: ticket by id during a storm'), 'api', load),
      runStorm(storm, load.seconds + Math.min(2, Math.max(1, load.seconds / 3)) + 1, ALARMS_PER_SECOND / ALARMS_PER_BATCH),
    ]);
    await settle();
    return { intake, paced, readsAlone, readsInStorm };
  } finally {
    await removeStorm(server, pool, sample.staff.token);
  }
}
