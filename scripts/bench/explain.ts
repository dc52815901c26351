/**
 * Prints EXPLAIN (ANALYZE, BUFFERS) of the statements each list scenario sends, the forwarded list's
 * and the dashboard's, on the benchmark corpus: `npx node scripts/bench/explain.ts [part of a name …]`.
 */
import pg from 'pg';
import type { Department } from '@switchboard/shared';
import { dashboardAggregates } from './dashboard.ts';
import { filterFor, forwardChainStatements, lastPageOfList, listStatements, orderFor } from './list-sql.ts';
import type { SqlStatement } from './load.ts';
import { listScenarios, sampleCorpus } from './scenarios.ts';
import { readSettings } from './settings.ts';

const TIMEZONE = 'Asia/Dhaka';
const settings = readSettings();
const names = process.argv.slice(2);
const wanted = (name: string) => names.length === 0 || names.some((part) => name.includes(part));
const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 1 });

async function explain(title: string, statements: SqlStatement[]): Promise<void> {
  for (const [index, statement] of statements.entries()) {
    // An estimate is an EXPLAIN already: it reads no row.
    if (statement.text.startsWith('explain')) continue;
    const part = /\bcount\(/i.test(statement.text) ? 'count' : `statement ${index + 1}`;
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.text}`, statement.params);
    console.log(`\n=== ${title} — ${part}`);
    console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
}

try {
  // Tokens are not used here: any secret of the right length will do.
  const sample = await sampleCorpus(pool, 'explain-only-secret-explain-only-secret');
  const lastPage = await lastPageOfList(pool);
  for (const list of listScenarios(sample, lastPage).filter((scenario) => wanted(scenario.name))) {
    const { query, page } = list.next();
    const filter = filterFor(query, list.viewer, sample, TIMEZONE);
    const statements = await listStatements(pool, filter, page, orderFor(query, list.viewer, sample));
    await explain(`${list.name} — ${JSON.stringify(query)}, page ${page}`, statements);
  }
  for (const department of ['cc', 'rs'] satisfies Department[]) {
    if (!wanted('forward-chain')) continue;
    await explain(`forward-chain list of ${department}, page 1`, await forwardChainStatements(pool, department, 1));
  }
  for (const aggregate of (await dashboardAggregates(TIMEZONE)).filter((candidate) => wanted(candidate.name))) {
    await explain(aggregate.name, aggregate.statements);
  }
} finally {
  await pool.end();
}
