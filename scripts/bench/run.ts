/**
 * `npm run bench`: fills (or reuses) the benchmark corpus, starts the server in production mode and
 * measures the endpoints of DESIGN.md §10 with autocannon, next to the same list SQL through pg and
 * a trivial Fastify route. Prints one table and writes bench-results/<time>.json.
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { prepareCorpus, removeBenchmarkWrites } from './corpus.ts';
import { filterFor, forwardChainStatements, incidentSuggestionStatements, listStatements } from './list-sql.ts';
import { dashboardAggregates, dashboardScenario } from './dashboard.ts';
import { numberHistoryScenarios } from './number-history.ts';
import { measureHttp, measureSql, type HttpScenario, type LoadOptions, type Measurement, type SqlStatement } from './load.ts';
import { ROOT, startServer, startTrivialServer, type RunningProcess } from './processes.ts';
import { printTable, verdictOf, writeResults, type Row } from './report.ts';
import {
  httpListScenario,
  listScenarios,
  otherScenarios,
  sampleCorpus,
  type CorpusSample,
  type ListScenario,
} from './scenarios.ts';
import { readSettings } from './settings.ts';

const TIMEZONE = 'Asia/Dhaka';
/** Distinct inputs prepared per SQL scenario (random ids and numbers), replayed in turn. */
const SQL_VARIANTS = 200;

const settings = readSettings();
const corpus = await prepareCorpus(settings.databaseUrl, settings.scale);
if (settings.corpusOnly) process.exit(0);
await removeBenchmarkWrites(settings.databaseUrl, corpus);

const load: LoadOptions = { connections: settings.connections, seconds: settings.seconds };
const selected = (name: string) => !settings.only || name.includes(settings.only);
const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: settings.connections });
const started: RunningProcess[] = [];

/** Whether the server has the endpoint: a reply other than "No such endpoint" (the SPA plugin's 404). */
async function exists(url: string, scenario: HttpScenario): Promise<boolean> {
  const { path, body } = scenario.next();
  const response = await fetch(`${url}${path}`, {
    method: scenario.method,
    headers: { ...scenario.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status === 404 && text.includes('No such endpoint')) return false;
  if (!response.ok) console.log(`  ${scenario.name}: a probe answered ${response.status} ${text.slice(0, 200)}`);
  return true;
}

async function sqlMeasurement(list: ListScenario, sample: CorpusSample): Promise<Measurement> {
  const variants: SqlStatement[][] = [];
  for (let i = 0; i < SQL_VARIANTS; i += 1) {
    const { query, page } = list.next();
    variants.push(await listStatements(filterFor(query, list.viewer, sample, TIMEZONE), page));
  }
  let turn = 0;
  return measureSql(pool, `${list.name} (SQL)`, () => variants[turn++ % variants.length] ?? [], load);
}

/**
 * Waits until the database has finished the statements of the previous scenario: a slow endpoint
 * leaves requests running on the server after autocannon stops, and they would slow the next one.
 */
async function drain(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ active: number }>(
      `select count(*)::int as active from pg_stat_activity
       where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    if ((rows[0]?.active ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log('  (statements of the previous scenario still running after 120 s)');
}

async function main(): Promise<void> {
  const server = await startServer(settings.databaseUrl);
  started.push(server);
  const trivialServer = await startTrivialServer();
  started.push(trivialServer);
  const sample = await sampleCorpus(pool, server.jwtSecret, TIMEZONE);
  const total = await pool.query<{ count: number }>('select count(*)::int as count from tickets');
  const lastPage = Math.max(1, Math.ceil((total.rows[0]?.count ?? 0) / 10));
  const loadBefore = loadavg();
  console.log(`server on ${server.url}, ${settings.connections} connections, ${settings.seconds} s per scenario`);

  const trivial: Measurement[] = [];
  const runTrivial = async (name: string, path: string) => {
    const scenario: HttpScenario = { name, method: 'GET', headers: {}, next: () => ({ path }) };
    console.log(`- ${name}`);
    const measured = await measureHttp(trivialServer.url, scenario, 'trivial', load);
    trivial.push(measured);
    return measured;
  };
  const trivialList = await runTrivial('trivial route (list-shaped reply)', '/list');

  const rows: Row[] = [];
  for (const list of listScenarios(sample, lastPage).filter((scenario) => selected(scenario.name))) {
    const scenario = httpListScenario(sample, list);
    if (!(await exists(server.url, scenario))) {
      console.log(`- ${list.name}: skipped, the endpoint does not exist yet`);
      continue;
    }
    console.log(`- ${list.name}`);
    const api = await measureHttp(server.url, scenario, 'api', load);
    await drain();
    const sql = await sqlMeasurement(list, sample);
    await drain();
    rows.push({ api, sql, trivial: trivialList });
  }
  const trivialPing = await runTrivial('trivial route (ping)', '/ping');
  for (const scenario of numberHistoryScenarios(sample).filter((candidate) => selected(candidate.name))) {
    if (!(await exists(server.url, scenario))) {
      console.log(`- ${scenario.name}: skipped, the endpoint does not exist yet`);
      continue;
    }
    console.log(`- ${scenario.name}`);
    const api = await measureHttp(server.url, scenario, 'api', load);
    await drain();
    const variants = await scenario.statements(pool);
    let turn = 0;
    const sql = await measureSql(pool, `${scenario.name} (SQL)`, () => variants[turn++ % variants.length] ?? [], load);
    await drain();
    rows.push({ api, sql, trivial: trivialPing });
  }
  // A department head opening the dashboard: one client, each aggregate and then the whole reply.
  const oneClient: LoadOptions = { connections: 1, seconds: settings.seconds };
  for (const aggregate of (await dashboardAggregates(TIMEZONE)).filter((candidate) => selected(candidate.name))) {
    console.log(`- ${aggregate.name}`);
    rows.push({ api: await measureSql(pool, aggregate.name, () => aggregate.statements, oneClient) });
  }
  const dashboard = dashboardScenario(sample);
  if (selected(dashboard.name) && (await exists(server.url, dashboard))) {
    console.log(`- ${dashboard.name}`);
    rows.push({ api: await measureHttp(server.url, dashboard, 'api', oneClient) });
  }
  // Reads first: the writes grow the corpus.
  for (const scenario of otherScenarios(sample).filter((candidate) => selected(candidate.name))) {
    if (!(await exists(server.url, scenario))) {
      console.log(`- ${scenario.name}: skipped, the endpoint does not exist yet`);
      continue;
    }
    console.log(`- ${scenario.name}`);
    const api = await measureHttp(server.url, scenario, 'api', load);
    await drain();
    if (scenario.name === 'forward-chain list') {
      // The staff viewer is in cc: the SQL of cc's forwarded tickets, first page.
      const statements = await forwardChainStatements('cc', 1);
      const sql = await measureSql(pool, `${scenario.name} (SQL)`, () => statements, load);
      await drain();
      rows.push({ api, sql, trivial: trivialPing });
    } else if (scenario.name === 'incident suggestions') {
      const statements = await incidentSuggestionStatements();
      const sql = await measureSql(pool, `${scenario.name} (SQL)`, () => statements, load);
      await drain();
      rows.push({ api, sql, trivial: trivialPing });
    } else rows.push({ api, trivial: trivialPing });
  }

  printTable([...rows, ...trivial.map((api) => ({ api }))]);
  console.log(
    `\nload average (1 min) before ${loadBefore[0]?.toFixed(1)}, after ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
  );
  const file = writeResults(ROOT, {
    at: new Date().toISOString(),
    settings: { ...settings, databaseUrl: new URL(settings.databaseUrl).pathname.slice(1) },
    corpus,
    // The machine may be shared: a high load average makes every number worse.
    loadAverage: { before: loadBefore, after: loadavg() },
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      node: process.version,
      postgres: (await pool.query<{ v: string }>('show server_version')).rows[0]?.v,
    },
    results: rows.map((row) => ({ ...row, verdict: verdictOf(row) })),
    trivial,
  });
  console.log(`\nresults written to ${file}`);
}

try {
  await main();
} finally {
  for (const child of started) await child.stop();
  await pool.end();
}
