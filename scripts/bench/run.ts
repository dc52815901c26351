/**
 * `npm run bench`: fills (or reuses) the benchmark corpus, starts the server in production mode and
 * measures the endpoints of DESIGN.md §10 with autocannon: each read path at full concurrency
 * beside the very statements it sends through pg, and at the steady load of a busy desk; each
 * write beside the same statements by pgbench; a trivial Fastify route as the ceiling. Prints one
 * table and writes bench-results/<time>.json.
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { prepareCorpus, removeBenchmarkWrites } from './corpus.ts';
import { articleSearchScenario, prepareArticles } from './corpus-articles.ts';
import { loadConfig } from '@switchboard/server/src/config.ts';
import {
  filterFor,
  forwardChainStatements,
  incidentSuggestionStatements,
  lastPageOfList,
  listStatements,
  orderFor,
  ticketByIdStatements,
  withUserRead,
} from './list-sql.ts';
import { dashboardAggregates, dashboardScenario } from './dashboard.ts';
import { numberHistoryScenarios } from './number-history.ts';
import { measureHttp, measureSql, type HttpScenario, type LoadOptions, type Measurement, type SqlStatement } from './load.ts';
import { ROOT, startBareServer, startServer, startTrivialServer, type RunningProcess } from './processes.ts';
import { printTable, STEADY_CONNECTIONS, STEADY_RATE, verdictOf, writeResults, type Row } from './report.ts';
import {
  httpListScenario,
  listScenarios,
  otherScenarios,
  randomTicketId,
  sampleCorpus,
  type CorpusSample,
  type ListScenario,
} from './scenarios.ts';
import { readSettings } from './settings.ts';
import { usersAdminScenarios } from './users-admin.ts';
import { measureMail } from './mail.ts';
import {
  measureIntegrations,
  measureKeepingRows,
  measureOutageRows,
  measureSmsRows,
  type CapabilityRun,
} from './capability-rows.ts';
import { addCommentStatements, createTicketStatements, measurePgbench } from './writes-sql.ts';

const TIMEZONE = 'Asia/Dhaka';
/** Distinct inputs prepared per SQL scenario (random ids and numbers), replayed in turn. */
const SQL_VARIANTS = 200;

const settings = readSettings();
const corpus = await prepareCorpus(settings.databaseUrl, settings.scale);
await prepareArticles(settings.databaseUrl);
if (settings.corpusOnly) process.exit(0);
await removeBenchmarkWrites(settings.databaseUrl, corpus);

const load: LoadOptions = { connections: settings.connections, seconds: settings.seconds };
const steadyLoad: LoadOptions = { connections: STEADY_CONNECTIONS, seconds: settings.seconds, rate: STEADY_RATE };
const selected = (name: string) => !settings.only || settings.only.split('|').some((part) => name.includes(part));
const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: settings.connections });
const started: RunningProcess[] = [];
/** The bare node:http server of the Node.js floor (started with the others in main). */
let bareServer: RunningProcess;

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

async function listVariants(list: ListScenario, sample: CorpusSample): Promise<SqlStatement[][]> {
  const variants: SqlStatement[][] = [];
  for (let i = 0; i < SQL_VARIANTS; i += 1) {
    const { query, page } = list.next();
    const filter = filterFor(query, list.viewer, sample, TIMEZONE);
    const statements = await listStatements(pool, filter, page, orderFor(query, list.viewer, sample));
    variants.push(await withUserRead(sample[list.viewer].id, statements));
  }
  return variants;
}

async function ticketByIdVariants(sample: CorpusSample): Promise<SqlStatement[][]> {
  const variants: SqlStatement[][] = [];
  for (let i = 0; i < SQL_VARIANTS; i += 1) {
    const statements = await ticketByIdStatements(pool, sample.staff.id, randomTicketId(sample));
    variants.push(await withUserRead(sample.staff.id, statements));
  }
  return variants;
}

/** The same statements through pg, the variants in turn. */
function measureVariants(name: string, variants: SqlStatement[][]): Promise<Measurement> {
  let turn = 0;
  return measureSql(pool, `${name} (SQL)`, () => variants[turn++ % variants.length] ?? [], load);
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

/**
 * A read path: the endpoint at full concurrency, the same endpoint at the steady load, and (when
 * given) its statements through pg at full concurrency, with the database drained in between.
 */
async function measureRead(
  server: RunningProcess,
  scenario: HttpScenario,
  sqlVariants: SqlStatement[][] | null,
  trivial: Measurement,
): Promise<Row> {
  console.log(`- ${scenario.name}`);
  const api = await measureHttp(server, scenario, 'api', load);
  await drain();
  const steady = await measureHttp(server, scenario, 'api', steadyLoad);
  await drain();
  if (!sqlVariants) return { api, steady, trivial };
  const sql = await measureVariants(scenario.name, sqlVariants);
  await drain();
  const bare = await measureBare(scenario.name, sqlVariants);
  await drain();
  return { api, steady, sql, trivial, bare };
}

/** The same statements behind the bare node:http server, at full concurrency. */
async function measureBare(name: string, variants: SqlStatement[][]): Promise<Measurement> {
  const response = await fetch(`${bareServer.url}/statements`, { method: 'PUT', body: JSON.stringify(variants) });
  if (!response.ok) throw new Error(`the bare server refused the statements of ${name}: ${response.status}`);
  const scenario: HttpScenario = { name: `${name} (bare)`, method: 'GET', headers: {}, next: () => ({ path: '/replay' }) };
  return measureHttp(bareServer, scenario, 'bare', load);
}

/** Sections that threw: each is named after the table, and the run exits 1. */
const failures: string[] = [];

/**
 * Runs a section of rows; when it throws, the rows measured before it still reach the table and
 * the record, and the failure is named after them.
 */
async function survive(section: string, measure: () => Promise<Row[]>): Promise<Row[]> {
  try {
    return await measure();
  } catch (error) {
    const failure = `${section}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    console.log(`  FAILED: ${failure}`);
    failures.push(failure);
    await drain();
    return [];
  }
}

async function main(): Promise<void> {
  const server = await startServer(settings.databaseUrl);
  started.push(server);
  const trivialServer = await startTrivialServer();
  started.push(trivialServer);
  bareServer = await startBareServer(settings.databaseUrl);
  started.push(bareServer);
  const config = loadConfig(server.env);
  const sample = await sampleCorpus(pool, server.jwtSecret, TIMEZONE);
  const lastPage = await lastPageOfList(pool);
  const loadBefore = loadavg();
  console.log(`server on ${server.url}, ${settings.connections} connections, ${settings.seconds} s per scenario`);

  const trivial: Measurement[] = [];
  const runTrivial = async (name: string, path: string) => {
    const scenario: HttpScenario = { name, method: 'GET', headers: {}, next: () => ({ path }) };
    console.log(`- ${name}`);
    const measured = await measureHttp(trivialServer, scenario, 'trivial', load);
    trivial.push(measured);
    return measured;
  };
  const trivialList = await runTrivial('trivial route (list-shaped reply)', '/list');
  const trivialPing = await runTrivial('trivial route (ping)', '/ping');
  const available = async (scenario: HttpScenario) => {
    if (!selected(scenario.name)) return false;
    if (await exists(server.url, scenario)) return true;
    console.log(`- ${scenario.name}: skipped, the endpoint does not exist yet`);
    return false;
  };

  const rows: Row[] = [];
  const measureList = async (list: ListScenario) => {
    const scenario = httpListScenario(sample, list);
    return (await available(scenario)) ? measureRead(server, scenario, await listVariants(list, sample), trivialList) : null;
  };
  // The text searches read the trigram indexes of millions of comments, pushing the other rows'
  // pages out of PostgreSQL's buffers: measured after every other read, shown in their place.
  const lists = listScenarios(sample, lastPage);
  const isTextSearch = (list: ListScenario) => list.name.startsWith('list: text search');
  const listRows = new Map<string, Row | null>();
  for (const list of lists.filter((candidate) => !isTextSearch(candidate))) listRows.set(list.name, await measureList(list));
  const listRowsInOrder = () => lists.flatMap((list) => listRows.get(list.name) ?? []);
  const others = new Map(otherScenarios(sample).map((scenario) => [scenario.name, scenario] as const));
  const readSql = new Map<string, () => Promise<SqlStatement[][]>>([
    ['ticket by id', () => ticketByIdVariants(sample)],
    // The staff viewer is in cc: the SQL of cc's forwarded tickets, first page.
    ['forward-chain list', async () => [await withUserRead(sample.staff.id, await forwardChainStatements(pool, 'cc', 1))]],
    ['incident suggestions', async () => [await withUserRead(sample.staff.id, await incidentSuggestionStatements())]],
  ]);
  for (const [name, variants] of readSql) {
    const scenario = others.get(name);
    if (scenario && (await available(scenario))) rows.push(await measureRead(server, scenario, await variants(), trivialPing));
  }
  const withStatements = [...numberHistoryScenarios(sample), ...(await usersAdminScenarios(pool, sample))];
  for (const scenario of withStatements) {
    if (!(await available(scenario))) continue;
    const variants = await Promise.all(
      (await scenario.statements(pool)).map((statements) => withUserRead(scenario.viewerId, statements)),
    );
    rows.push(await measureRead(server, scenario, variants, trivialPing));
  }
  // DESIGN.md §28: the help articles' public search, p95 at the steady load.
  const articleSearch = articleSearchScenario();
  if (await available(articleSearch)) rows.push(await measureRead(server, articleSearch, null, trivialList));
  for (const list of lists.filter(isTextSearch)) listRows.set(list.name, await measureList(list));
  rows.unshift(...listRowsInOrder());
  // A department head opening the dashboard: one client, each aggregate and then the whole reply.
  const oneClient: LoadOptions = { connections: 1, seconds: settings.seconds };
  for (const aggregate of (await dashboardAggregates(TIMEZONE)).filter((candidate) => selected(candidate.name))) {
    console.log(`- ${aggregate.name}`);
    rows.push({ api: await measureSql(pool, aggregate.name, () => aggregate.statements, oneClient) });
  }
  const dashboard = dashboardScenario(sample);
  if (await available(dashboard)) {
    console.log(`- ${dashboard.name}`);
    rows.push({ api: await measureHttp(server, dashboard, 'api', oneClient) });
  }
  // Writes last (they grow the corpus), each beside the same requests' statements by pgbench.
  const writeSql = new Map<string, () => Promise<SqlStatement[][]>>([
    ['create ticket', () => createTicketStatements(settings.databaseUrl, sample, config)],
    ['add comment', () => addCommentStatements(settings.databaseUrl, sample, config)],
  ]);
  for (const [name, variants] of writeSql) {
    const scenario = others.get(name);
    if (!scenario || !(await available(scenario))) continue;
    console.log(`- ${name}`);
    const api = await measureHttp(server, scenario, 'api', load);
    await drain();
    const database = measurePgbench(settings.databaseUrl, name, await variants(), load);
    await drain();
    rows.push({ api, database, trivial: trivialPing });
  }
  const validate = others.get('validate-token');
  if (validate && (await available(validate))) {
    console.log(`- ${validate.name}`);
    rows.push({ api: await measureHttp(server, validate, 'api', load), trivial: trivialPing });
  }
  const run: CapabilityRun = { pool, load, steady: steadyLoad, scale: settings.scale, selected, drain, started };
  rows.push(...(await survive('integrations', () => measureIntegrations(run, server, sample, trivialPing))));
  rows.push(...(await survive('outages', () => measureOutageRows(run, server, sample, trivialPing))));
  rows.push(...(await survive('service levels, merge and presence', () => measureKeepingRows(run, server, sample, trivialPing))));
  if (selected('mail')) {
    console.log("- mail: a mailbox of customers' mails parsed and filed by a desk that reads it");
    rows.push(...(await survive('mail', async () => [await measureMail(settings.databaseUrl, pool)])));
  }
  rows.push(...(await survive('sms', () => measureSmsRows(run, server, sample))));

  printTable([...rows, ...trivial.map((api) => ({ api }))]);
  for (const failure of failures) console.log(`\nFAILED: ${failure}`);
  console.log(
    `\nload average (1 min) before ${loadBefore[0]?.toFixed(1)}, after ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
  );
  const file = writeResults(ROOT, {
    at: new Date().toISOString(),
    settings: { ...settings, databaseUrl: new URL(settings.databaseUrl).pathname.slice(1) },
    steadyLoad: { rate: STEADY_RATE, connections: STEADY_CONNECTIONS },
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
    failures,
    trivial,
  });
  console.log(`\nresults written to ${file}`);
}

try {
  await main();
  if (failures.length > 0) process.exitCode = 1;
} finally {
  for (const child of started) await child.stop();
  await pool.end();
}
