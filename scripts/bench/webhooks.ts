/**
 * The fan-out rows of DESIGN.md §21's budget: create ticket and add comment without webhook
 * endpoints and then with five endpoints listening to every event, pointed at a receiver process
 * on loopback (webhook-receiver.ts, 204 at once). Beside the writes' throughput: the deliveries the
 * receiver counted per second, the lag from a delivery's creation to its delivery, and the backlog
 * the load left and the time the server's worker took to drain it.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type pg from 'pg';
import { WEBHOOK_EVENTS } from '@switchboard/shared';
import { cpuTimeOf, measureHttp, type HttpScenario, type LoadOptions, type Measurement } from './load.ts';
import type { RunningProcess } from './processes.ts';

/** The endpoints of the budget: "1,000 events/s fanned out to 5 endpoints". */
export const FAN_OUT_ENDPOINTS = 5;
/** How long the worker may take to drain the backlog before the row says it did not. */
const DRAIN_LIMIT_MS = 180_000;
const BENCH_ENDPOINT = 'bench fan-out';

export interface FanOut {
  endpoints: number;
  /** Deliveries written (all endpoints) per second of load, warm-up included, and the events they carry. */
  deliveriesWrittenPerSecond: number;
  eventsPerSecond: number;
  /** Deliveries the receiver counted per second of load. */
  receivedPerSecond: number;
  /** Pending deliveries when the load stopped, and the seconds until none was left (null: not within the limit). */
  backlog: number;
  drainSeconds: number | null;
  /** The server's CPU time per delivery while it drained the backlog with no request to answer, µs. */
  cpuPerDelivery: number | null;
  /** d.delivered_at - d.created_at of the run's deliveries, ms. */
  lagP50: number;
  lagP95: number;
  lagMax: number;
  undelivered: number;
  /** The machine's load average (1, 5, 15 min) when the backlog was drained: the machine may be shared. */
  loadAverage: number[];
}

async function receivedBy(receiver: RunningProcess): Promise<number> {
  const response = await fetch(`${receiver.url}/count`);
  return ((await response.json()) as { received: number }).received;
}

/**
 * Removes the bench's endpoints (and, by cascade, their deliveries), then vacuums: each delivery
 * leaves two dead row versions (its claim and its outcome), which the worker's queue scan would
 * step over in the next scenario (the machine's PostgreSQL runs without autovacuum).
 */
export async function removeFanOutEndpoints(pool: pg.Pool): Promise<void> {
  await pool.query('delete from webhook_endpoints where description = $1', [BENCH_ENDPOINT]);
  await pool.query('vacuum (analyze) webhook_endpoints, webhook_deliveries');
}

async function addFanOutEndpoints(pool: pg.Pool, receiver: RunningProcess): Promise<void> {
  for (let i = 0; i < FAN_OUT_ENDPOINTS; i += 1)
    await pool.query(
      `insert into webhook_endpoints (url, description, department, events, secret) values ($1, $2, 'cc', $3, $4)`,
      [`${receiver.url}/hooks/${i}`, BENCH_ENDPOINT, [...WEBHOOK_EVENTS], `whsec_${randomBytes(24).toString('base64')}`],
    );
}

async function pendingDeliveries(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where status = 'pending'`);
  return rows[0]?.n ?? 0;
}

async function waitForDrain(pool: pg.Pool): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < DRAIN_LIMIT_MS) {
    if ((await pendingDeliveries(pool)) === 0) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

async function lagOf(pool: pg.Pool) {
  const { rows } = await pool.query<{ written: number; p50: number; p95: number; max: number; undelivered: number }>(
    `select count(*)::int as written,
       coalesce(percentile_cont(0.5) within group (order by extract(epoch from d.delivered_at - d.created_at) * 1000), 'NaN')::float8 as p50,
       coalesce(percentile_cont(0.95) within group (order by extract(epoch from d.delivered_at - d.created_at) * 1000), 'NaN')::float8 as p95,
       coalesce(max(extract(epoch from d.delivered_at - d.created_at) * 1000), 'NaN')::float8 as max,
       count(*) filter (where d.status <> 'delivered')::int as undelivered
     from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.description = $1`,
    [BENCH_ENDPOINT],
  );
  const row = rows[0];
  if (!row) throw new Error('no lag row');
  return row;
}

export interface FanOutRows {
  without: Measurement;
  with: Measurement;
  fanOut: FanOut;
}

/**
 * One write scenario without endpoints, then with FAN_OUT_ENDPOINTS of them (removed again after),
 * at the same load. `settle` waits until the database has no active statement left.
 */
export async function measureFanOut(
  pool: pg.Pool,
  server: RunningProcess,
  receiver: RunningProcess,
  scenario: HttpScenario,
  load: LoadOptions,
  settle: () => Promise<void>,
): Promise<FanOutRows> {
  await removeFanOutEndpoints(pool);
  const without = await measureHttp(server, { ...scenario, name: `webhooks: ${scenario.name}, no endpoints` }, 'api', load);
  await settle();
  await addFanOutEndpoints(pool, receiver);
  try {
    const receivedBefore = await receivedBy(receiver);
    const started = performance.now();
    const measured = await measureHttp(
      server,
      { ...scenario, name: `webhooks: ${scenario.name}, ${FAN_OUT_ENDPOINTS} endpoints` },
      'api',
      load,
    );
    const seconds = (performance.now() - started) / 1000;
    const received = (await receivedBy(receiver)) - receivedBefore;
    const backlog = await pendingDeliveries(pool);
    const [cpuBefore, receivedByThen] = [cpuTimeOf(server.pid), await receivedBy(receiver)];
    const drainSeconds = await waitForDrain(pool);
    const [cpuAfter, drained] = [cpuTimeOf(server.pid), (await receivedBy(receiver)) - receivedByThen];
    const cpuPerDelivery =
      cpuBefore === undefined || cpuAfter === undefined || drained === 0 ? null : (cpuAfter - cpuBefore) / drained;
    const lag = await lagOf(pool);
    await settle();
    return {
      without,
      with: measured,
      fanOut: {
        endpoints: FAN_OUT_ENDPOINTS,
        deliveriesWrittenPerSecond: lag.written / seconds,
        eventsPerSecond: lag.written / FAN_OUT_ENDPOINTS / seconds,
        receivedPerSecond: received / seconds,
        backlog,
        drainSeconds,
        cpuPerDelivery,
        lagP50: lag.p50,
        lagP95: lag.p95,
        lagMax: lag.max,
        undelivered: lag.undelivered,
        loadAverage: loadavg(),
      },
    };
  } finally {
    await removeFanOutEndpoints(pool);
  }
}
