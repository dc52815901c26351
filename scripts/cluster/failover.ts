/**
 * The failover drill (DESIGN.md §29): two server processes on a DATABASE_URL listing a primary and
 * its synchronous streaming standby write comments under load; the primary's postmaster is killed
 * with -9 and the standby promoted. It must hold that the desk serves again (a write succeeds)
 * within 15 s of the kill, and that every write acknowledged is on the new primary.
 * Its own PostgreSQL servers and processes, all removed whatever happens.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { ScenarioResult } from '../faults/report.ts';
import { insertTickets, seed, withClient, type Seed } from '../faults/seed.ts';
import { call, sleep, startServer, type ServerProcess } from '../faults/server-process.ts';
import { startReplicatedPostgres, type ReplicatedPostgres } from './replicated-postgres.ts';

const SERVE_AGAIN_BUDGET_MS = 15_000;
const WORKERS = 8;
const TICKETS = 8;
const STEADY_MS = 2000;
/** How long writes go on once the desk serves again: the new primary takes load, not one write. */
const AFTER_SERVED_MS = 1000;

interface Write {
  marker: string;
  startedAt: number;
  endedAt: number;
  status: number;
  body: string;
}

/** Comments written by `WORKERS` loops over both processes until `running()` turns false. */
function writeUnderLoad(processes: ServerProcess[], seeded: Seed, ticketIds: number[], running: () => boolean) {
  const run = randomBytes(4).toString('hex');
  const writes: Write[] = [];
  let next = 0;
  const worker = async (offset: number) => {
    for (let turn = offset; running(); turn += WORKERS) {
      const server = processes[turn % processes.length] as ServerProcess;
      const marker = `failover ${run} #${next++}`;
      const startedAt = Date.now();
      const reply = await call(`${server.url}/api/v1/tickets/add-comment`, {
        token: seeded.staff.token,
        json: { ticket_id: ticketIds[turn % ticketIds.length], message: marker, is_internal: true },
        timeoutMs: 10_000,
      });
      writes.push({ marker, startedAt, endedAt: Date.now(), status: reply.status, body: reply.body.slice(0, 200) });
      // A refused write (503 while no host accepts writes) is tried again soon, as a client would.
      if (reply.status < 200 || reply.status >= 300) await sleep(100);
    }
  };
  return { writes, done: Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i))), run };
}

const ok = (write: Write) => write.status >= 200 && write.status < 300;

export async function failoverDrill(): Promise<ScenarioResult> {
  const problems: string[] = [];
  let database: ReplicatedPostgres | null = null;
  const processes: ServerProcess[] = [];
  try {
    const began = Date.now();
    database = await startReplicatedPostgres();
    console.log(`  primary and synchronous standby up in ${Date.now() - began} ms`);
    // One deployment: both processes sign and check sessions with one secret.
    const env = { LOG_LEVEL: 'warn', NOTIFY_ISSUERS: 'off', JWT_SECRET: randomBytes(32).toString('base64url') };
    processes.push(...(await Promise.all([startServer(database.url, env), startServer(database.url, env)])));
    console.log(`  two server processes on both hosts ready after ${Date.now() - began} ms`);
    const [first] = processes as [ServerProcess];
    const seeded = await seed(database.primaryUrl, first);
    const ticketIds = await insertTickets(database.primaryUrl, seeded, TICKETS);

    let running = true;
    const load = writeUnderLoad(processes, seeded, ticketIds, () => running);
    await sleep(STEADY_MS);
    const killedAt = Date.now();
    database.killPrimary();
    await database.promoteStandby();
    const promotedMs = Date.now() - killedAt;
    const servedAgain = () => load.writes.find((write) => write.startedAt > killedAt && ok(write));
    while (!servedAgain() && Date.now() - killedAt < SERVE_AGAIN_BUDGET_MS + 5000) await sleep(50);
    await sleep(AFTER_SERVED_MS);
    running = false;
    await load.done;

    const served = servedAgain();
    const serveAgainMs = served ? served.endedAt - killedAt : null;
    if (serveAgainMs === null) problems.push(`no write succeeded within ${(SERVE_AGAIN_BUDGET_MS + 5000) / 1000} s of the kill`);
    else if (serveAgainMs > SERVE_AGAIN_BUDGET_MS)
      problems.push(`the desk served again ${serveAgainMs} ms after the kill (budget ${SERVE_AGAIN_BUDGET_MS} ms)`);
    const acknowledged = load.writes.filter(ok);
    const beforeKill = acknowledged.filter((write) => write.endedAt <= killedAt);
    if (beforeKill.length === 0) problems.push('no write was acknowledged before the kill: the drill tested nothing');
    // Read on the promoted standby alone: the old primary is gone for good.
    const stored = await withClient(database.standbyUrl, async (client) => {
      const { rows } = await client.query<{ message: string }>('select message from comments where message like $1', [
        `failover ${load.run} #%`,
      ]);
      return new Set(rows.map((row) => row.message));
    });
    const lost = acknowledged.filter((write) => !stored.has(write.marker));
    for (const write of lost.slice(0, 5)) problems.push(`"${write.marker}" was acknowledged but is not on the new primary`);
    if (lost.length > 5) problems.push(`… and ${lost.length - 5} more acknowledged writes lost`);
    for (const process of processes) if (!process.isRunning()) problems.push('a server process exited');
    const refused = load.writes.filter((write) => !ok(write) && write.status !== 503 && write.status !== 0);
    if (refused.length > 3) problems.push(`… ${refused.length} writes answered neither 2xx nor 503`);
    for (const write of refused.slice(0, 3))
      problems.push(`a write during the failover answered ${write.status}, not 503: ${write.body}`);

    return {
      name: '(f) failover: kill -9 of the primary, standby promoted',
      facts: {
        'acknowledged before the kill': beforeKill.length,
        'acknowledged in all': acknowledged.length,
        'found on the new primary': acknowledged.length - lost.length,
        'refused (503) meanwhile': load.writes.filter((write) => write.status === 503).length,
        'promote ms': promotedMs,
        'serves again after ms': serveAgainMs ?? 'never',
      },
      problems,
      writesLost: lost.length,
    };
  } finally {
    if (problems.length > 0)
      for (const process of processes) console.log(`--- a server's log (end)\n${process.log().slice(-2000)}`);
    for (const process of processes) {
      await process.stop().catch(() => undefined);
      rmSync(process.dataDir, { recursive: true, force: true });
    }
    database?.destroy();
  }
}
