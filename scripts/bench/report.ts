/** The benchmark's table (stdout) and its JSON record (bench-results/). */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Measurement } from './load.ts';

export interface Row {
  api: Measurement;
  /** The same list SQL through pg, for list scenarios. */
  sql?: Measurement;
  /** The trivial route at the same concurrency. */
  trivial?: Measurement;
}

export function verdictOf(row: Row): string {
  const { api, sql } = row;
  if (api.requests === 0) return 'MISSED (no successful reply)';
  const misses: string[] = [];
  if (api.name.startsWith('list: text search')) {
    // DESIGN.md §19: trigram matches in titles, descriptions and comments, p95 ≤ 50 ms.
    if (api.p95 > 50) misses.push(`p95 ${(api.p95 / 50).toFixed(1)}× budget`);
    if (sql && api.requestsPerSecond < sql.requestsPerSecond * 0.5) misses.push(`${percent(api, sql)} of SQL`);
  } else if (api.name.startsWith('list:') || api.name === 'forward-chain list') {
    if (api.p95 > 30) misses.push(`p95 ${(api.p95 / 30).toFixed(1)}× budget`);
    if (sql && api.requestsPerSecond < sql.requestsPerSecond * 0.5) misses.push(`${percent(api, sql)} of SQL`);
  } else if (api.name === 'incident suggestions' || api.name.startsWith('number history')) {
    if (api.p95 > 20) misses.push(`p95 ${(api.p95 / 20).toFixed(1)}× budget`);
    if (sql && api.requestsPerSecond < sql.requestsPerSecond * 0.6) misses.push(`${percent(api, sql)} of SQL`);
  } else if (api.name.startsWith('dashboard:')) {
    // DESIGN.md §10: each dashboard aggregate ≤ 200 ms, asked by one client.
    if (api.p95 > 200) misses.push(`p95 ${(api.p95 / 200).toFixed(1)}× budget`);
  } else if (api.name === 'ticket by id') {
    if (api.p95 > 10) misses.push(`p95 ${(api.p95 / 10).toFixed(1)}× budget`);
  } else if (api.name === 'create ticket' || api.name === 'add comment') {
    if (api.requestsPerSecond < 1000) misses.push(`${Math.round(api.requestsPerSecond)}/s`);
  } else return '';
  if (api.errors > 0) misses.push(`${api.errors} errors`);
  return misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`;
}

function percent(a: Measurement, b: Measurement): string {
  return `${Math.round((a.requestsPerSecond / b.requestsPerSecond) * 100)}%`;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

export function printTable(rows: Row[]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'SQL req/s', 'API÷SQL', 'API÷trivial', 'budget'];
  const lines = rows.map(({ api, sql, trivial }) => [
    api.name,
    Math.round(api.requestsPerSecond).toLocaleString('en'),
    ms(api.p50),
    ms(api.p95),
    ms(api.p99),
    String(api.errors),
    sql ? Math.round(sql.requestsPerSecond).toLocaleString('en') : '',
    sql ? percent(api, sql) : '',
    trivial ? percent(api, trivial) : '',
    verdictOf({ api, ...(sql ? { sql } : {}) }),
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
