/**
 * The number of rows a list matches, bounded: an exact count of a broad filter reads up to a
 * million index entries (150–300 ms on the benchmark corpus); counting at most
 * EXACT_COUNT_LIMIT + 1 rows costs a few milliseconds, and past that a person reads "about N"
 * anyway, so the planner's estimate answers (docs/performance.md). An estimate is kept for
 * ESTIMATE_TTL_MS per filter: the next pages of a broad list then cost one statement, not three.
 * A count within the limit is never kept: a person's own short list shows their new ticket at once.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** Counts are exact up to this many matching rows; beyond it the planner's estimate is used. */
export const EXACT_COUNT_LIMIT = 10_000;

/** How long the estimate of a filter past the limit answers for that filter. */
export const ESTIMATE_TTL_MS = 60_000;
/** Filters whose estimate is kept at most; the oldest go first. */
const ESTIMATES_KEPT = 1_000;

type Estimates = Map<string, { total: number; until: number }>;

/** Each database's estimates by the text and parameters of their count, with the epoch ms until which they answer. */
const estimatesOf = new WeakMap<Db, Estimates>();

function estimatesIn(db: Db): Estimates {
  const estimates = estimatesOf.get(db) ?? new Map<string, { total: number; until: number }>();
  estimatesOf.set(db, estimates);
  return estimates;
}

function keptEstimate(estimates: Estimates, key: string, now: number): number | undefined {
  const kept = estimates.get(key);
  if (!kept) return undefined;
  if (now < kept.until) return kept.total;
  estimates.delete(key);
  return undefined;
}

function keepEstimate(estimates: Estimates, key: string, total: number, now: number): void {
  estimates.delete(key);
  estimates.set(key, { total, until: now + ESTIMATE_TTL_MS });
  const oldest = estimates.size > ESTIMATES_KEPT ? estimates.keys().next().value : undefined;
  if (oldest !== undefined) estimates.delete(oldest);
}

export interface BoundedCount {
  total: number;
  /** Whether `total` is the planner's estimate (more than EXACT_COUNT_LIMIT rows match). */
  estimated: boolean;
}

/** `count(*)` of at most `limit` (EXACT_COUNT_LIMIT + 1) rows of `table` matching `where`. */
export function cappedCount(db: Db, table: PgTable, where: SQL | undefined, limit = EXACT_COUNT_LIMIT + 1) {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(limit)
    .as('capped');
  return db.select({ total: sql<number>`count(*)::int` }).from(capped);
}

/** A count to run, and the key its kept estimate goes by (its text and parameters). */
export interface CountStatement {
  key: string;
  run(): Promise<number>;
}

function countStatementOf(db: Db, table: PgTable, where: SQL | undefined): CountStatement {
  const count = cappedCount(db, table, where);
  const { sql: text, params } = count.toSQL();
  return { key: `${text}\u0000${JSON.stringify(params)}`, run: async () => (await count)[0]?.total ?? 0 };
}

/** The estimate kept for the count `key` names, if one still answers. */
export function keptEstimateFor(db: Db, key: string): number | undefined {
  return keptEstimate(estimatesIn(db), key, Date.now());
}

/**
 * `counted` (a capped count of `table` matching `where`) as the list's count: itself within the
 * limit, else the planner's estimate, then kept under `key` for ESTIMATE_TTL_MS.
 */
export async function countPastBound(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  key: string,
  counted: number,
): Promise<BoundedCount> {
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, estimated: false };
  const estimate = Math.max(counted, await estimateRows(db, table, where));
  keepEstimate(estimatesIn(db), key, estimate, Date.now());
  return { total: estimate, estimated: true };
}

/** The count of `table` matching `where`, exact up to the limit; `statement` runs it (a prepared one) instead of building it. */
export async function boundedCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  statement: CountStatement = countStatementOf(db, table, where),
): Promise<BoundedCount> {
  const kept = keptEstimateFor(db, statement.key);
  if (kept !== undefined) return { total: kept, estimated: true };
  return countPastBound(db, table, where, statement.key, await statement.run());
}

/**
 * The planner's estimate of `table` matching `where`, kept for ESTIMATE_TTL_MS under `key` (which
 * must name the filter and its values): a list whose count is always an estimate asks the planner
 * once a minute, not on every page.
 */
export async function keptEstimateRows(db: Db, table: PgTable, where: SQL | undefined, key: string): Promise<number> {
  const now = Date.now();
  const estimates = estimatesIn(db);
  const kept = keptEstimate(estimates, key, now);
  if (kept !== undefined) return kept;
  const estimate = await estimateRows(db, table, where);
  keepEstimate(estimates, key, estimate, now);
  return estimate;
}

type ExplainRow = { 'QUERY PLAN': string | [{ Plan: { 'Plan Rows': number } }] };

/** The planner's estimate of the rows of `table` matching `where` (no row is read). */
export async function estimateRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const query = db
    .select({ one: sql`1` })
    .from(table)
    .where(where);
  // Both drivers answer `execute` with `{ rows }`; pg parses the JSON plan, PGlite may not.
  const result: unknown = await db.execute(sql`explain (format json) ${query}`);
  const { rows } = result as { rows: ExplainRow[] };
  const cell = rows[0]?.['QUERY PLAN'];
  const plan = typeof cell === 'string' ? (JSON.parse(cell) as [{ Plan: { 'Plan Rows': number } }]) : cell;
  return Math.round(plan?.[0].Plan['Plan Rows'] ?? 0);
}
