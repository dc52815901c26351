/** The benchmark's table (stdout) and its JSON record (bench-results/), with each row's budget (DESIGN.md §10). */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Measurement } from './load.ts';

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
}

/** The steady load of DESIGN.md §10: what a busy desk offers, after a warm-up. */
export const STEADY_RATE = 300;
export const STEADY_CONNECTIONS = 10;
/** A read path must reach this share of its own SQL's throughput at full concurrency. */
export const SHARE_OF_SQL = 0.6;
/** A write must reach 1,000/s, or this share of what the database alone does. */
export const WRITES_PER_SECOND = 1000;
export const SHARE_OF_DATABASE = 0.8;

export interface Budget {
  /** p95 ms at the steady load. */
  steadyP95?: number;
  /** p95 ms from one client (the dashboard's aggregates). */
  p95?: number;
  /** Whether the throughput must reach SHARE_OF_SQL of the SQL. */
  shareOfSql?: boolean;
  /** Whether it is a write, held to WRITES_PER_SECOND or SHARE_OF_DATABASE. */
  write?: boolean;
}

/** The budget of a scenario by its name (DESIGN.md §10, §19); null for rows that only inform. */
export function budgetOf(name: string): Budget | null {
  if (name.startsWith('list: text search')) return { steadyP95: 50, shareOfSql: true };
  if (name.startsWith('list:') || name === 'forward-chain list') return { steadyP95: 30, shareOfSql: true };
  if (name.startsWith('number history') || name === 'incident suggestions') return { steadyP95: 20, shareOfSql: true };
  if (name === 'ticket by id') return { steadyP95: 15, shareOfSql: true };
  if (name.startsWith('users:')) return { steadyP95: 30, shareOfSql: true };
  if (name.startsWith('dashboard:')) return { p95: 200 };
  if (name === 'create ticket' || name === 'add comment') return { write: true };
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
  const errors = api.errors + (steady?.errors ?? 0);
  if (errors > 0) misses.push(`${errors} errors`);
  return misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`;
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
    perSecond(row.api),
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
