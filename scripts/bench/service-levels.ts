/**
 * The rows of DESIGN.md §26's budgets.
 *
 * The warnings' scan is a leased job that any process runs every SLA_SCAN_MS; the bench calls it as
 * the job runner does, on the bench database: first until every corpus ticket past a warning is
 * told (a desk that never scanned catching up, reported apart), then with nothing due (what almost
 * every run of a real desk finds), then with one full batch due (SCAN_BATCH unsolved tickets set
 * back one stage, so that each is escalated again and its people told in the bell).
 *
 * The recomputation: the sample admin changes the resolve level of cc through the API, and the
 * server's job runner moves the due times of every unsolved ticket cc holds while staff read tickets
 * at full concurrency; then the level is set back and recomputed again, untimed.
 */
import type pg from 'pg';
import { openDatabase } from '@switchboard/server/src/db/client.ts';
import { SCAN_BATCH, scanSlaWarnings } from '@switchboard/server/src/modules/sla-warnings/sla-scan.ts';
import { measureHttp, summarise, type LoadOptions, type Measurement } from './load.ts';
import type { Bulk } from './outages.ts';
import type { RunningProcess, ServerSecrets } from './processes.ts';
import { otherScenarios, type CorpusSample } from './scenarios.ts';

/** DESIGN.md §26: the warnings' scan at 1M tickets, ms (p95 of its runs). */
export const SCAN_P95_MS = 50;
/** DESIGN.md §26: a department's 100,000 unsolved tickets recomputed in 60 s ... */
export const RECOMPUTED_ROWS_PER_SECOND = 100_000 / 60;
/** ... while the desk's reads keep this share of their throughput. */
export const SHARE_OF_READS_WHILE_RECOMPUTING = 0.9;
/** Timed runs of each scan row. */
const SCAN_RUNS = 30;
const BATCH_RUNS = 10;
/** measureHttp's unrecorded warm-up before a run of LoadOptions.seconds ≥ 6. */
const READS_WARM_UP_MS = 2000;
/** The department whose levels change (its resolve level, by an hour). */
const DEPARTMENT = 'cc';

export interface ServiceLevelRows {
  idleScan: Measurement;
  batchScan: Measurement;
  recompute: { api: Measurement; bulk: Bulk };
  readsAlone: Measurement;
  readsWhileRecomputing: Measurement;
}

/** Runs `scan` `runs` times, the milliseconds of each. */
async function timeRuns(runs: number, scan: () => Promise<unknown>): Promise<number[]> {
  const timings: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await scan();
    timings.push(performance.now() - started);
  }
  return timings;
}

/** Sets SCAN_BATCH of cc's unsolved, escalated tickets back to breached: each is escalated again by the next scan. */
async function armBatch(pool: pg.Pool): Promise<number> {
  const armed = await pool.query(
    `update tickets set sla_stage = 2 where ticket_id in (
       select ticket_id from tickets
       where issued_to = $1 and ticket_status <> 'closed' and sla_stage = 3 and waiting_since is null
       order by ticket_id limit $2)`,
    [DEPARTMENT, SCAN_BATCH],
  );
  return armed.rowCount ?? 0;
}

async function measureScans(
  databaseUrl: string,
  pool: pg.Pool,
  escalateHours: number,
): Promise<Pick<ServiceLevelRows, 'idleScan' | 'batchScan'>> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  const scan = () => scanSlaWarnings({ db: database.db, escalateHours });
  try {
    const started = performance.now();
    let caughtUp = 0;
    for (let outcome = await scan(); ; outcome = await scan()) {
      caughtUp += outcome.moved;
      if (!outcome.more) break;
    }
    const seconds = (performance.now() - started) / 1000;
    if (caughtUp > 0) console.log(`  caught up: ${caughtUp.toLocaleString('en')} tickets told in ${seconds.toFixed(1)} s`);
    const idle = await timeRuns(SCAN_RUNS, scan);
    const { rows } = await pool.query<{ last: string | null }>('select max(id) as last from inbox_items');
    const batch: number[] = [];
    for (let run = 0; run < BATCH_RUNS; run += 1) {
      if ((await armBatch(pool)) < SCAN_BATCH) throw new Error(`${DEPARTMENT} holds fewer than ${SCAN_BATCH} escalated tickets`);
      batch.push(...(await timeRuns(1, scan)));
    }
    // The batches' items only: the corpus's catch-up is the desk's steady state.
    await pool.query('delete from inbox_items where id > $1', [rows[0]?.last ?? 0]);
    return {
      idleScan: summarise('service levels: warning scan, nothing due', 'api', idle, sum(idle) / 1000, 0, {}),
      batchScan: summarise(`service levels: warning scan, ${SCAN_BATCH} escalations`, 'api', batch, sum(batch) / 1000, 0, {}),
    };
  } finally {
    await database.close();
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

interface Level {
  department: string;
  first_reply_hours: number;
  resolve_hours: number;
  calendar_id: number | null;
  recompute: { done: number; total: number } | null;
}

async function levelOf(server: RunningProcess, token: string): Promise<Level> {
  const reply = await fetch(`${server.url}/api/v1/service-levels`, { headers: { authorization: `Bearer ${token}` } });
  if (!reply.ok) throw new Error(`GET /service-levels answered ${reply.status}`);
  const { data } = (await reply.json()) as { data: Level[] };
  const level = data.find((candidate) => candidate.department === DEPARTMENT);
  if (!level) throw new Error(`no service level for ${DEPARTMENT}`);
  return level;
}

async function setLevel(server: RunningProcess, token: string, level: Level, resolveHours: number): Promise<void> {
  const reply = await fetch(`${server.url}/api/v1/service-levels/${DEPARTMENT}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      first_reply_hours: level.first_reply_hours,
      resolve_hours: resolveHours,
      calendar_id: level.calendar_id,
    }),
  });
  if (!reply.ok) throw new Error(`PUT /service-levels/${DEPARTMENT} answered ${reply.status}: ${await reply.text()}`);
}

/** Polls the levels until the department's recomputation is done: its seconds and the tickets it moved. */
async function awaitRecompute(server: RunningProcess, token: string, started: number): Promise<Bulk> {
  let rows = 0;
  for (;;) {
    const level = await levelOf(server, token);
    if (level.recompute === null) return { rows, seconds: (performance.now() - started) / 1000 };
    rows = level.recompute.total;
    if (performance.now() - started > 600_000) throw new Error('the recomputation took over 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measureRecompute(
  server: RunningProcess,
  pool: pg.Pool,
  sample: CorpusSample,
  load: LoadOptions,
  settle: () => Promise<void>,
): Promise<Omit<ServiceLevelRows, 'idleScan' | 'batchScan'>> {
  const token = sample.staff.token;
  const reads = otherScenarios(sample).find((scenario) => scenario.name === 'ticket by id');
  if (!reads) throw new Error('no ticket by id scenario');
  const { rows } = await pool.query<{ unsolved: number }>(
    `select count(*)::int as unsolved from tickets where issued_to = $1 and ticket_status <> 'closed'`,
    [DEPARTMENT],
  );
  const unsolved = rows[0]?.unsolved ?? 0;
  const readsAlone = await measureHttp(
    server,
    { ...reads, name: 'service levels: ticket by id, nothing recomputed' },
    'api',
    load,
  );
  await settle();
  const level = await levelOf(server, token);
  const during = measureHttp(server, { ...reads, name: 'service levels: ticket by id during a recomputation' }, 'api', load);
  // The reads' warm-up first, so that the measured seconds are those of the recomputation.
  await new Promise((resolve) => setTimeout(resolve, READS_WARM_UP_MS));
  const started = performance.now();
  await setLevel(server, token, level, level.resolve_hours - 1);
  const bulk = await awaitRecompute(server, token, started);
  const readsWhileRecomputing = await during;
  if (bulk.seconds < load.seconds)
    console.log(`  the recomputation ended ${(load.seconds - bulk.seconds).toFixed(1)} s before the reads`);
  await setLevel(server, token, level, level.resolve_hours);
  await awaitRecompute(server, token, performance.now());
  await settle();
  const name = `service levels: recompute ${unsolved.toLocaleString('en')} unsolved tickets`;
  const api = summarise(name, 'api', [bulk.seconds * 1000], bulk.seconds, 0, {});
  return {
    recompute: { api, bulk: { rows: Math.max(bulk.rows, unsolved), seconds: bulk.seconds } },
    readsAlone,
    readsWhileRecomputing,
  };
}

export async function measureServiceLevels(
  server: RunningProcess & ServerSecrets,
  pool: pg.Pool,
  sample: CorpusSample,
  load: LoadOptions,
  settle: () => Promise<void>,
): Promise<ServiceLevelRows> {
  const escalateHours = Number(server.env.SLA_ESCALATE_HOURS ?? 4);
  const scans = await measureScans(server.env.DATABASE_URL ?? '', pool, escalateHours);
  await settle();
  return { ...scans, ...(await measureRecompute(server, pool, sample, load, settle)) };
}
