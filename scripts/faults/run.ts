/**
 * `npm run test:faults`: the fault-tolerance suite. Starts a disposable PostgreSQL cluster and the
 * real server (production mode) on it, then (a) kills the server during 200 comment writes,
 * (b) crashes PostgreSQL under load, (c) breaks the file store, (d) silences the SMS gateway,
 * (e) kills a server with messages to issuers pending.
 * Prints a summary table; exits non-zero if any fault was not survived. Bounded: about a minute
 * or two on a small machine; each scenario has its own time limits.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCluster, type Cluster } from './cluster.ts';
import { databaseOutage } from './database-outage.ts';
import { killDuringWrites } from './kill-during-writes.ts';
import { watchLiveStreams } from './live-streams.ts';
import { outboxKill } from './outbox-kill.ts';
import { passed, printSummary, type ScenarioResult } from './report.ts';
import { seed } from './seed.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { smsTimeout } from './sms-timeout.ts';
import { storageOutage } from './storage-outage.ts';
import { webhookKill } from './webhook-kill.ts';

/** Named on the command line: only these scenarios run (none named: all). */
const ONLY = new Set(process.argv.slice(2));

/** The whole run stops here, whatever hangs. */
const RUN_LIMIT_MS = 6 * 60_000;

/** What no log line may hold: the secrets of the configuration and the session tokens. */
function leaksIn(log: string, server: ServerProcess, tokens: string[]): string[] {
  const secrets: [string, string | undefined][] = [
    ['JWT_SECRET', server.env.JWT_SECRET],
    ['CAPTCHA_HMAC_KEY', server.env.CAPTCHA_HMAC_KEY],
    ...tokens.map((token, i): [string, string] => [`session token ${i + 1}`, token]),
  ];
  const leaks = secrets.filter(([, value]) => value && log.includes(value)).map(([name]) => `${name} appears in the server log`);
  if (/Bearer [\w.-]{20,}/.test(log)) leaks.push('an authorization header appears in the server log');
  return leaks;
}

/** (a) to (f), in order, on the one cluster; each pushes its result. */
async function runEveryScenario(
  cluster: Cluster,
  server: ServerProcess,
  seeded: Awaited<ReturnType<typeof seed>>,
  tokens: string[],
  results: ScenarioResult[],
): Promise<void> {
  console.log('(a) kill -9 during 200 comment writes …');
  results.push(await killDuringWrites(cluster.url, server, seeded));
  console.log('(b) PostgreSQL crash under load, with live streams open …');
  const live = await watchLiveStreams(server, seeded, cluster.url);
  results.push(await databaseOutage(cluster, server, seeded));
  results.push(await live.afterOutage());
  console.log('(c) file store unavailable …');
  results.push(await storageOutage(server, seeded));
  await server.stop();
  const leaks = leaksIn(server.log(), server, tokens);
  console.log('(d) SMS gateway times out …');
  const sms = await smsTimeout(cluster.url);
  results.push(sms);
  console.log('(e) kill -9 with messages to issuers pending …');
  results.push(await outboxKill(cluster.url, seeded));
  console.log('(f) kill -9 with webhooks in flight …');
  results.push(await webhookKill(cluster.url, seeded));
  results.push({ name: 'logs of every server', facts: { 'secrets found': leaks.length }, problems: leaks, check: true });
}

/** Module-wide so that the run limit can still take the cluster down. */
let cluster: Cluster | null = null;
let server: ServerProcess | null = null;

async function main(): Promise<number> {
  const began = Date.now();
  console.log('starting a disposable PostgreSQL cluster …');
  const results: ScenarioResult[] = [];
  try {
    cluster = await createCluster();
    console.log(`cluster on port ${cluster.port}; starting the server …`);
    server = await startServer(cluster.url);
    const seeded = await seed(cluster.url, server);
    const tokens = [seeded.staff.token, seeded.customer.token];
    if (ONLY.has('webhooks')) {
      await server.stop();
      console.log('(f) kill -9 with webhooks in flight …');
      results.push(await webhookKill(cluster.url, seeded));
    } else {
      await runEveryScenario(cluster, server, seeded, tokens, results);
    }
  } catch (error) {
    results.push({
      name: 'fault run',
      facts: {},
      problems: [`stopped: ${error instanceof Error ? error.message : String(error)}`],
    });
  } finally {
    await server?.stop();
    cluster?.destroy();
  }
  printSummary(results);
  if (!results.every(passed) && server) {
    const file = path.join(server.dataDir, 'server.log');
    writeFileSync(file, server.log());
    console.log(`the server's log: ${file}`);
  }
  console.log(`took ${Math.round((Date.now() - began) / 1000)} s`);
  return results.every(passed) ? 0 : 1;
}

const limit = setTimeout(() => {
  console.error(`the fault run did not finish within ${RUN_LIMIT_MS / 60_000} minutes`);
  void server?.kill();
  cluster?.destroy();
  process.exit(1);
}, RUN_LIMIT_MS);
limit.unref();
process.exitCode = await main();
