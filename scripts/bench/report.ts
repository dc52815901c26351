/** The benchmark's table (stdout) and its JSON record (bench-results/), with each row's budget (DESIGN.md §10). */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Measurement } from './load.ts';
import type { FanOut } from './webhooks.ts';
import { MERGE_P95_MS } from './merge.ts';
import { PRESENCE_CPU_SHARE, type PresenceCpu } from './presence.ts';
import { RECOMPUTED_ROWS_PER_SECOND, SCAN_P95_MS, SHARE_OF_READS_WHILE_RECOMPUTING } from './service-levels.ts';
import { MAILS_PER_SECOND } from './mail.ts';
import { INBOUND_SMS_PER_SECOND } from './sms.ts';
import { ALARM_BATCH_P95_MS, ALARMS_PER_BATCH, ALARMS_PER_SECOND, SHARE_OF_READS_IN_STORM } from './alarms.ts';
import {
  IMPORT_ROWS_PER_SECOND,
  QUEUED_ROWS_PER_SECOND,
  SHARE_OF_WRITES_WHILE_WAITING,
  STATUS_P95_MS,
  type Bulk,
} from './outages.ts';

export interface Row {
  /** The endpoint at full concurrency (closed loop): the most it can do. */
  api: Measurement;
  /** The same statements through pg at the same concurrency: the database's own limit. */
  sql?: Measurement;
  /** The endpoint at a steady offered load (STEADY_RATE requests/s from STEADY_CONNECTIONS). */
  steady?: Measurement;
  /** The same transaction by pgbench, for the writes: what the database alone does. */
  database?: Measurement;
  /** The trivial route at the same concurrency. */
  trivial?: Measurement;
  /** The same statements behind a bare node:http server (bare-server.ts): what any Node.js server can reach. */
  bare?: Measurement;
  /** What the row is held against: the write without webhook endpoints, the read with a session token. */
  baseline?: Measurement;
  /** The webhook deliveries of a fan-out row (webhooks.ts). */
  fanOut?: FanOut;
  /** The rows one request handled and its seconds (an import, a broadcast queued: outages.ts). */
  bulk?: Bulk;
  /** A broadcast's messages still waiting when a write row's run ended (outages.ts). */
  waiting?: number;
  /** The machine's CPU with and without open ticket views (presence.ts). */
  presence?: PresenceCpu;
}

/** The steady load of DESIGN.md §10: what a busy desk offers, after a warm-up. */
export const STEADY_RATE = 300;
export const STEADY_CONNECTIONS = 10;
/** A read path must reach this share of its own SQL's throughput at full concurrency. */
export const SHARE_OF_SQL = 0.6;
/** A write must reach 1,000/s, or this share of what the database alone does. */
export const WRITES_PER_SECOND = 1000;
export const SHARE_OF_DATABASE = 0.8;
/** DESIGN.md §21: writes keep this share of their throughput with webhooks fanned out ... */
export const SHARE_WITH_WEBHOOKS = 0.9;
/** ... of this many events per second to five endpoints. */
export const FANNED_OUT_EVENTS_PER_SECOND = 1000;
/** A client token's check may cost this much more CPU per request than a session token's, µs. */
export const CLIENT_TOKEN_CPU_OVER_SESSION = 50;

export interface Budget {
  /** p95 ms at the steady load. */
  steadyP95?: number;
  /** p95 ms from one client (the dashboard's aggregates). */
  p95?: number;
  /** Whether the throughput must reach SHARE_OF_SQL of the SQL. */
  shareOfSql?: boolean;
  /** Whether it is a write, held to WRITES_PER_SECOND or SHARE_OF_DATABASE. */
  write?: boolean;
  /** A fan-out row: SHARE_WITH_WEBHOOKS of the baseline while FANNED_OUT_EVENTS_PER_SECOND go out. */
  fanOut?: boolean;
  /** µs of CPU per reply over the baseline's at most. */
  cpuOverBaseline?: number;
  /** Alarms a second the intake must take (batches of ALARMS_PER_BATCH). */
  alarmsPerSecond?: number;
  /** The share of the baseline's throughput it must keep (a read during an alarm storm). */
  shareOfBaseline?: number;
  /** Rows a second one request must handle (an import, a broadcast queued): the full-scale budget scaled linearly. */
  rowsPerSecond?: number;
  /** The share of the write alone's throughput it must keep while a broadcast's messages wait. */
  shareWhileWaiting?: number;
  /** The share of the machine's CPU it may add (presence at 500 views). */
  cpuShare?: number;
  /** Requests a second it must take at its paced load (inbound SMS). */
  perSecond?: number;
}

/** The budget of a scenario by its name (DESIGN.md §10, §19); null for rows that only inform. */
export function budgetOf(name: string): Budget | null {
  if (name.startsWith('list: text search')) return { steadyP95: 50, shareOfSql: true };
  if (name.startsWith('list:') || name === 'forward-chain list') return { steadyP95: 30, shareOfSql: true };
  if (name.startsWith('number history') || name === 'incident suggestions') return { steadyP95: 20, shareOfSql: true };
  if (name === 'ticket by id') return { steadyP95: 15, shareOfSql: true };
  if (name.startsWith('articles: public search')) return { steadyP95: 20 };
  if (name.startsWith('users:')) return { steadyP95: 30, shareOfSql: true };
  if (name.startsWith('dashboard:')) return { p95: 200 };
  if (name === 'create ticket' || name === 'add comment') return { write: true };
  if (name.startsWith('webhooks:') && !name.endsWith('no endpoints')) return { fanOut: true };
  if (name.startsWith('token check: client')) return { cpuOverBaseline: CLIENT_TOKEN_CPU_OVER_SESSION };
  if (name === 'alarms: intake, batches of 100') return { alarmsPerSecond: ALARMS_PER_SECOND };
  if (name.startsWith('alarms: intake paced')) return { p95: ALARM_BATCH_P95_MS, alarmsPerSecond: ALARMS_PER_SECOND * 0.95 };
  if (name === 'alarms: ticket by id during a storm') return { shareOfBaseline: SHARE_OF_READS_IN_STORM };
  return outageBudgetOf(name) ?? keepingBudgetOf(name);
}

/** DESIGN.md §26's and §27's budgets (service-levels.ts, merge.ts, presence.ts). */
function keepingBudgetOf(name: string): Budget | null {
  if (name.startsWith('service levels: warning scan')) return { p95: SCAN_P95_MS };
  if (name.startsWith('service levels: recompute')) return { rowsPerSecond: RECOMPUTED_ROWS_PER_SECOND };
  if (name === 'service levels: ticket by id during a recomputation')
    return { shareOfBaseline: SHARE_OF_READS_WHILE_RECOMPUTING };
  if (name.startsWith('merge:')) return { p95: MERGE_P95_MS };
  if (name.startsWith('presence:')) return { cpuShare: PRESENCE_CPU_SHARE };
  // A paced row: 95% of its pace, as the paced alarm intake.
  if (name.startsWith('sms: inbound')) return { perSecond: INBOUND_SMS_PER_SECOND * 0.95 };
  return null;
}

/** DESIGN.md §23's budgets (outages.ts). */
function outageBudgetOf(name: string): Budget | null {
  if (name.startsWith('outages: import')) return { rowsPerSecond: IMPORT_ROWS_PER_SECOND };
  if (name.startsWith('outages: broadcast')) return { rowsPerSecond: QUEUED_ROWS_PER_SECOND };
  if (name.startsWith('mail:')) return { rowsPerSecond: MAILS_PER_SECOND };
  if (name.startsWith('outages: create ticket while')) return { shareWhileWaiting: SHARE_OF_WRITES_WHILE_WAITING };
  if (name.startsWith('outages: status by number')) return { p95: STATUS_P95_MS };
  return null;
}

export function verdictOf(row: Row): string {
  const { api, sql, steady, database } = row;
  const budget = budgetOf(api.name);
  if (!budget) return '';
  if (api.requests === 0) return 'MISSED (no successful reply)';
  const misses: string[] = [];
  if (budget.steadyP95 !== undefined) {
    if (!steady) misses.push('no steady-load run');
    else if (steady.p95 > budget.steadyP95)
      misses.push(`p95 at ${STEADY_RATE}/s ${steady.p95.toFixed(1)} ms > ${budget.steadyP95}`);
  }
  if (budget.p95 !== undefined && api.p95 > budget.p95) misses.push(`p95 ${api.p95.toFixed(1)} ms > ${budget.p95}`);
  if (budget.shareOfSql && sql && api.requestsPerSecond < sql.requestsPerSecond * SHARE_OF_SQL)
    misses.push(`${percent(api, sql)} of SQL${row.bare ? ` (bare Node.js ${percent(row.bare, sql)})` : ''}`);
  if (budget.write && api.requestsPerSecond < WRITES_PER_SECOND) {
    const enough = database && api.requestsPerSecond >= database.requestsPerSecond * SHARE_OF_DATABASE;
    if (!enough) misses.push(`${Math.round(api.requestsPerSecond)}/s${database ? `, ${percent(api, database)} of pgbench` : ''}`);
  }
  misses.push(
    ...fanOutMisses(row, budget),
    ...cpuMisses(row, budget),
    ...alarmMisses(row, budget),
    ...outageMisses(row, budget),
    ...presenceMisses(row, budget),
    ...paceMisses(row, budget),
  );
  const errors = api.errors + (steady?.errors ?? 0);
  if (errors > 0) misses.push(`${errors} errors`);
  const verdict = misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`;
  const detail = detailOf(row);
  return detail ? `${verdict} (${detail})` : verdict;
}

function fanOutMisses({ api, baseline, fanOut }: Row, budget: Budget): string[] {
  if (!budget.fanOut) return [];
  if (!baseline || !fanOut) return ['no run without endpoints'];
  const misses: string[] = [];
  if (api.requestsPerSecond < baseline.requestsPerSecond * SHARE_WITH_WEBHOOKS)
    misses.push(`${percent(api, baseline)} of the writes without webhooks`);
  if (fanOut.receivedPerSecond < fanOut.deliveriesWrittenPerSecond * SHARE_WITH_WEBHOOKS)
    misses.push(`${Math.round(fanOut.receivedPerSecond)} of ${Math.round(fanOut.deliveriesWrittenPerSecond)} deliveries/s sent`);
  if (fanOut.eventsPerSecond < FANNED_OUT_EVENTS_PER_SECOND)
    misses.push(
      `${Math.round(fanOut.eventsPerSecond)} events/s written, not ${FANNED_OUT_EVENTS_PER_SECOND.toLocaleString('en')}`,
    );
  if (fanOut.drainSeconds === null) misses.push('backlog not drained');
  return misses;
}

function alarmMisses({ api, baseline }: Row, budget: Budget): string[] {
  const misses: string[] = [];
  const alarms = api.requestsPerSecond * ALARMS_PER_BATCH;
  if (budget.alarmsPerSecond !== undefined && alarms < budget.alarmsPerSecond)
    misses.push(`${Math.round(alarms).toLocaleString('en')} alarms/s < ${budget.alarmsPerSecond.toLocaleString('en')}`);
  if (budget.shareOfBaseline !== undefined) {
    if (!baseline) misses.push('no run without a storm');
    else if (api.requestsPerSecond < baseline.requestsPerSecond * budget.shareOfBaseline)
      misses.push(`${percent(api, baseline)} of ${baseline.name}`);
  }
  return misses;
}

function outageMisses({ api, baseline, bulk }: Row, budget: Budget): string[] {
  const misses: string[] = [];
  if (budget.rowsPerSecond !== undefined) {
    if (!bulk) misses.push('no rows counted');
    else if (bulk.rows / bulk.seconds < budget.rowsPerSecond)
      misses.push(
        `${Math.round(bulk.rows / bulk.seconds).toLocaleString('en')} rows/s < ${Math.round(budget.rowsPerSecond).toLocaleString('en')}`,
      );
  }
  if (budget.shareWhileWaiting !== undefined) {
    if (!baseline) misses.push('no run with nothing waiting');
    else if (api.requestsPerSecond < baseline.requestsPerSecond * budget.shareWhileWaiting)
      misses.push(`${percent(api, baseline)} of the writes with nothing waiting`);
  }
  return misses;
}

function paceMisses({ api }: Row, budget: Budget): string[] {
  if (budget.perSecond === undefined || api.requestsPerSecond >= budget.perSecond) return [];
  return [`${Math.round(api.requestsPerSecond)}/s < ${budget.perSecond}/s`];
}

function presenceMisses({ presence }: Row, budget: Budget): string[] {
  if (budget.cpuShare === undefined) return [];
  if (!presence) return ['no CPU time measured'];
  const added = presence.viewing - presence.idle;
  return added > budget.cpuShare ? [`${(added * 100).toFixed(1)}% of the machine's CPU added > ${budget.cpuShare * 100}%`] : [];
}

function cpuMisses({ api, baseline }: Row, budget: Budget): string[] {
  if (budget.cpuOverBaseline === undefined) return [];
  if (api.cpuPerReply === undefined || baseline?.cpuPerReply === undefined) return ['no CPU time measured'];
  const over = api.cpuPerReply - baseline.cpuPerReply;
  return over > budget.cpuOverBaseline ? [`${Math.round(over)} µs over the session token's > ${budget.cpuOverBaseline}`] : [];
}

/** What a fan-out, token or outage row measured beside its verdict. */
function detailOf({ api, baseline, fanOut, bulk, waiting, presence }: Row): string {
  if (presence) {
    const share = (value: number) => `${(value * 100).toFixed(1)}%`;
    return `server and PostgreSQL ${share(presence.idle)} of ${presence.cores} cores without views, ${share(presence.viewing)} with them`;
  }
  if (bulk) {
    const budgetSeconds = (rate: number) => `budget ${(bulk.rows / rate).toFixed(1)} s at this size`;
    const rate = budgetOf(api.name)?.rowsPerSecond;
    return [
      `${bulk.rows.toLocaleString('en')} rows in ${bulk.seconds.toFixed(2)} s`,
      `${Math.round(bulk.rows / bulk.seconds).toLocaleString('en')} rows/s`,
      ...(rate === undefined ? [] : [budgetSeconds(rate)]),
    ].join('; ');
  }
  if (baseline && budgetOf(api.name)?.shareOfBaseline !== undefined)
    return `${percent(api, baseline)} of ${perSecond(baseline)}/s`;
  if (waiting !== undefined && baseline)
    return `${percent(api, baseline)} of ${perSecond(baseline)}/s; ${waiting.toLocaleString('en')} messages still waiting at the end`;
  if (fanOut && baseline) {
    const drained = fanOut.drainSeconds === null ? 'not drained' : `drained in ${fanOut.drainSeconds.toFixed(1)} s`;
    return [
      `${percent(api, baseline)} of ${perSecond(baseline)}/s`,
      `${Math.round(fanOut.eventsPerSecond)} events/s × ${fanOut.endpoints}`,
      `${Math.round(fanOut.receivedPerSecond)} deliveries/s received`,
      `lag p95 ${Math.round(fanOut.lagP95).toLocaleString('en')} ms`,
      `backlog ${fanOut.backlog.toLocaleString('en')}, ${drained}`,
      ...(fanOut.cpuPerDelivery === null ? [] : [`server CPU ${Math.round(fanOut.cpuPerDelivery)} µs/delivery`]),
    ].join('; ');
  }
  if (baseline?.cpuPerReply !== undefined && api.cpuPerReply !== undefined)
    return `${Math.round(api.cpuPerReply - baseline.cpuPerReply)} µs/reply over the session token's ${Math.round(baseline.cpuPerReply)}`;
  return '';
}

function percent(a: Measurement, b: Measurement): string {
  return `${Math.round((a.requestsPerSecond / b.requestsPerSecond) * 100)}%`;
}

/** The server's CPU per reply, and the bare server's beside it when measured: `114/79`. */
function cpuPerReply(row: Row): string {
  const micros = (measurement: Measurement | undefined) =>
    measurement?.cpuPerReply === undefined ? undefined : Math.round(measurement.cpuPerReply).toString();
  const api = micros(row.api);
  const bare = micros(row.bare);
  return api === undefined ? '' : bare === undefined ? api : `${api}/${bare}`;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const perSecond = (measurement: Measurement | undefined) =>
  measurement ? Math.round(measurement.requestsPerSecond).toLocaleString('en') : '';

export function printTable(rows: Row[]): void {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors',
    'SQL req/s',
    'API÷SQL',
    'bare÷SQL',
    'CPU µs/reply (bare)',
    `p95 @${STEADY_RATE}/s`,
    'pgbench/s',
    'budget',
  ];
  const lines = rows.map((row) => [
    row.api.name,
    // A bulk row is one request: its rows a second are in the budget's column.
    row.bulk ? '' : perSecond(row.api),
    ms(row.api.p50),
    ms(row.api.p95),
    ms(row.api.p99),
    String(row.api.errors + (row.steady?.errors ?? 0)),
    perSecond(row.sql),
    row.sql ? percent(row.api, row.sql) : '',
    row.sql && row.bare ? percent(row.bare, row.sql) : '',
    cpuPerReply(row),
    row.steady ? ms(row.steady.p95) : '',
    perSecond(row.database),
    verdictOf(row),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(`\n${format(header)}`);
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

/** Writes the run to bench-results/<time>.json and returns the file's path. */
export function writeResults(root: string, record: Record<string, unknown>): string {
  const folder = path.join(root, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}
