/**
 * Prints EXPLAIN (ANALYZE, BUFFERS) of the statements each list scenario sends, on the benchmark
 * corpus: `npx node scripts/bench/explain.ts [part of a scenario name …]`.
 */
import pg from 'pg';
import type { Department } from '@switchboard/shared';
import { filterFor, forwardChainStatements, listStatements } from './list-sql.ts';
import { listScenarios, sampleCorpus } from './scenarios.ts';
import { readSettings } from './settings.ts';

const settings = readSettings();
const names = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 1 });
try {
  // Tokens are not used here: any secret of the right length will do.
  const sample = await sampleCorpus(pool, 'explain-only-secret-explain-only-secret');
  const total = await pool.query<{ count: number }>('select count(*)::int as count from tickets');
  const lastPage = Math.max(1, Math.ceil((total.rows[0]?.count ?? 0) / 10));
  for (const list of listScenarios(sample, lastPage)) {
    if (names.length > 0 && !names.some((name) => list.name.includes(name))) continue;
    const { query, page } = list.next();
    const statements = await listStatements(filterFor(query, list.viewer, sample, 'Asia/Dhaka'), page);
    for (const [index, statement] of statements.entries()) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.text}`,
        statement.params,
      );
      console.log(`\n=== ${list.name} — ${index === 0 ? 'page' : 'count'} — ${JSON.stringify(query)}, page ${page}`);
      console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
  }
  for (const department of ['cc', 'rs'] satisfies Department[]) {
    if (names.length > 0 && !names.some((name) => 'forward-chain'.includes(name))) continue;
    const statements = await forwardChainStatements(department, 1);
    for (const [index, statement] of statements.entries()) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.text}`,
        statement.params,
      );
      console.log(`\n=== forward-chain list of ${department} — ${index === 0 ? 'page' : 'count'}, page 1`);
      console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
  }
} finally {
  await pool.end();
}
