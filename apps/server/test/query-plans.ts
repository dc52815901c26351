/**
 * Reading the plans of the repositories' own statements (the scale tests): drizzle's SQL recorded
 * without running it, or run on the test database, then EXPLAINed with its parameters written in.
 * Also the hash and id helpers the scale corpora are made of.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';

export interface Statement {
  text: string;
  params: unknown[];
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

/** A Db that records what drizzle sends and answers no rows: the repository's SQL without running it. */
function recordingDb(recorded: Statement[]): Db {
  const client = {
    query: async (config: { text: string; values?: unknown[] }, values?: unknown[]) => {
      recorded.push({ text: config.text, params: config.values ?? values ?? [] });
      return { rows: [], rowCount: 0, fields: [], command: 'SELECT' };
    },
  };
  return drizzle({ client: client as never, schema });
}

/** The statements `run` sends, none of them run. */
export async function record(run: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const recorded: Statement[] = [];
  await run(recordingDb(recorded));
  return recorded;
}

/** The statement with its parameters written in, so that EXPLAIN plans it for these very values. */
function withValues({ text, params }: Statement): SQL {
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const literal = (value: unknown) => {
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
    if (typeof value === 'string') return quoted(value);
    if (value instanceof Date) return quoted(value.toISOString());
    if (value === null) return 'null';
    if (Array.isArray(value) && value.every((item) => typeof item === 'number')) return quoted(`{${value.join(',')}}`);
    throw new Error(`unexpected parameter of type ${typeof value}`);
  };
  return sql.raw(text.replace(/\$(\d+)/g, (_match, index: string) => literal(params[Number(index) - 1])));
}

/** The rows of a raw statement: PGlite and node-postgres both answer with `{ rows }`. */
export async function rowsOf<Row>(query: Promise<unknown>): Promise<Row[]> {
  const result = (await query) as { rows: Row[] };
  return result.rows;
}

export function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** The plan's nodes but those of its InitPlans: uncorrelated subqueries run once, planned on their own. */
export function nodesBesideInitPlans(node: PlanNode): PlanNode[] {
  const children = (node.Plans ?? []).filter((child) => child['Parent Relationship'] !== 'InitPlan');
  return [node, ...children.flatMap(nodesBesideInitPlans)];
}

/** The plans of statements on the database a scale test filled (`dbOf`: it exists once the suite has started). */
export function planReader(dbOf: () => Db) {
  /**
   * The plan of a statement. `indexesOnly` forbids sequential scans for the statement: a count of
   * nearly every ticket is rightly planned as a sequential scan, so for counts the question is
   * whether an index could serve the predicate at all (a Seq Scan then means none can).
   */
  const explain = async (statement: Statement, indexesOnly: boolean): Promise<PlanNode> => {
    const rows = await rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
      dbOf().transaction(async (tx) => {
        if (indexesOnly) await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain (format json) ${withValues(statement)}`);
      }),
    );
    const cell = rows[0]?.['QUERY PLAN'];
    const plan = typeof cell === 'string' ? (JSON.parse(cell) as [{ Plan: PlanNode }]) : cell;
    if (!plan) throw new Error('EXPLAIN returned no plan');
    return plan[0].Plan;
  };

  /** Relations of the statement's plan that are read by a sequential scan. */
  const seqScanned = async (statement: Statement, indexesOnly = false) =>
    nodesOf(await explain(statement, indexesOnly))
      .filter((node) => node['Node Type'] === 'Seq Scan')
      .map((node) => node['Relation Name']);

  /** The relations read by a sequential scan and the indexes used, in the statement's plan. */
  const scansOf = async (statement: Statement) => {
    const plan = nodesOf(await explain(statement, false));
    return {
      seqScanned: plan.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']),
      indexes: plan.map((node) => node['Index Name']),
    };
  };

  /** A Db that runs each statement on the suite's database and records it: for repositories whose later statements need earlier answers. */
  const replayingDb = (recorded: Statement[]): Db => {
    const client = {
      query: async (config: { text: string; values?: unknown[]; rowMode?: string }, values?: unknown[]) => {
        const statement = { text: config.text, params: config.values ?? values ?? [] };
        recorded.push(statement);
        const rows = await rowsOf<Record<string, unknown>>(dbOf().execute(withValues(statement)));
        const answer = config.rowMode === 'array' ? rows.map((row) => Object.values(row)) : rows;
        return { rows: answer, rowCount: rows.length, fields: [], command: 'SELECT' };
      },
    };
    return drizzle({ client: client as never, schema });
  };

  /** The statements `run` sends, each run on the suite's database; an estimate is an EXPLAIN, planned and never run, so it is left out. */
  const replay = async (run: (db: Db) => Promise<unknown>): Promise<Statement[]> => {
    const recorded: Statement[] = [];
    await run(replayingDb(recorded));
    return recorded.filter((statement) => !statement.text.startsWith('explain'));
  };

  return { explain, seqScanned, scansOf, replay };
}

/** A 30-bit hash of an integer SQL expression: the corpora's rows are hashes of their number. */
export const hashOf = (expr: string, seed: number) => `(hashint8extended((${expr})::bigint, ${seed}) & 1073741823)`;

/** A v4-shaped uuid made in SQL from a text expression (`uuidFrom` is its JavaScript twin). */
export const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

export function uuidFrom(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  const v4 = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v4.slice(0, 8)}-${v4.slice(8, 12)}-${v4.slice(12, 16)}-${v4.slice(16, 20)}-${v4.slice(20)}`;
}
