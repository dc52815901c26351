/**
 * Fault (b): PostgreSQL crashes under load. While it is down, every request fails fast with 503
 * and a clear message (no hang, no 500, no crash of the server); once it is back, the server
 * serves again within RECOVERY_BUDGET_MS without a restart.
 */
import { percentile, type ScenarioResult } from './report.ts';
import { insertTickets, type Seed } from './seed.ts';
import { call, sleep, type Reply, type ServerProcess } from './server-process.ts';
import type { Cluster } from './cluster.ts';

const WORKERS = 16;
const STEADY_MS = 2000;
const OUTAGE_MS = 4000;
const RECOVERY_BUDGET_MS = 5000;
/** Longest acceptable answer while the database is down: the pool's connection timeout is 5 s. */
const FAIL_FAST_MS = 5500;
const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

interface Sample extends Reply {
  kind: 'list' | 'view' | 'comment';
  startedAt: number;
  endedAt: number;
}

export async function databaseOutage(cluster: Cluster, server: ServerProcess, seeded: Seed): Promise<ScenarioResult> {
  const problems: string[] = [];
  const [ticketId = 0] = await insertTickets(cluster.url, seeded, 1);
  const samples: Sample[] = [];
  let running = true;
  const requests = {
    list: () => call(`${server.url}/api/v1/tickets/user-type-wise-tickets/1`, { token: seeded.staff.token }),
    view: () => call(`${server.url}/api/v1/tickets/get-ticket-by-id/${ticketId}`, { token: seeded.staff.token }),
    comment: () =>
      call(`${server.url}/api/v1/tickets/add-comment`, {
        token: seeded.staff.token,
        json: { ticket_id: ticketId, message: 'Load' },
      }),
  };
  const kinds = Object.keys(requests) as Sample['kind'][];
  const worker = async (offset: number) => {
    for (let turn = offset; running; turn++) {
      const kind = kinds[turn % kinds.length] ?? 'list';
      const startedAt = Date.now();
      const reply = await requests[kind]();
      samples.push({ ...reply, kind, startedAt, endedAt: Date.now() });
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, i) => worker(i));

  await sleep(STEADY_MS);
  const stoppedAt = Date.now();
  await cluster.stop('immediate');
  const downAt = Date.now();
  await sleep(OUTAGE_MS / 2);
  const health = await call(`${server.url}/healthz`);
  const readiness = await call(`${server.url}/readyz`);
  await sleep(OUTAGE_MS / 2);
  const restartAt = Date.now();
  await cluster.start();
  const backAt = Date.now();
  const deadline = backAt + RECOVERY_BUDGET_MS + 5000;
  while (Date.now() < deadline && !samples.some((s) => s.startedAt >= backAt && s.status >= 200 && s.status < 300))
    await sleep(20);
  await sleep(STEADY_MS);
  running = false;
  await Promise.all(workers);

  const during = samples.filter((s) => s.startedAt >= downAt && s.endedAt <= restartAt);
  const wrong = during.filter((s) => {
    if (s.status !== 503) return true;
    const body = JSON.parse(s.body) as { message?: string; code?: string };
    return body.code !== 'unavailable' || body.message !== UNAVAILABLE_MESSAGE;
  });
  for (const s of wrong.slice(0, 5))
    problems.push(`${s.kind} during the outage answered ${s.status} ${s.error ?? s.body.slice(0, 120)}`);
  if (wrong.length > 5) problems.push(`… and ${wrong.length - 5} more answers that were not a clear 503`);
  const inFlight = samples.filter((s) => s.startedAt < stoppedAt && s.endedAt > stoppedAt);
  for (const s of inFlight.filter((x) => x.status !== 503 && (x.status < 200 || x.status >= 300))) {
    problems.push(`a ${s.kind} in flight at the crash answered ${s.status} ${s.error ?? s.body.slice(0, 120)}`);
  }
  const slowest = Math.max(0, ...samples.filter((s) => s.endedAt >= stoppedAt && s.startedAt < backAt).map((s) => s.ms));
  if (slowest > FAIL_FAST_MS) problems.push(`a request took ${Math.round(slowest)} ms while the database was down`);
  if (during.length === 0) problems.push('no request ran while the database was down');
  if (!server.isRunning()) problems.push('the server exited');
  if (health.status !== 200) problems.push(`/healthz answered ${health.status} during the outage`);
  if (readiness.status !== 503) problems.push(`/readyz answered ${readiness.status} during the outage`);
  const firstServed = samples
    .filter((s) => s.startedAt >= backAt && s.status >= 200 && s.status < 300)
    .reduce((first, s) => Math.min(first, s.endedAt), Number.POSITIVE_INFINITY);
  const recoveryMs = firstServed - backAt;
  if (!(recoveryMs <= RECOVERY_BUDGET_MS))
    problems.push(`served again ${recoveryMs} ms after the database was back (budget ${RECOVERY_BUDGET_MS} ms)`);
  const lastSecond = samples.filter((s) => s.startedAt >= Date.now() - 1500);
  const failingAfter = lastSecond.filter((s) => s.status < 200 || s.status >= 300);
  if (failingAfter.length > 0)
    problems.push(`${failingAfter.length} of ${lastSecond.length} requests still failed after recovery`);

  return {
    name: '(b) PostgreSQL crash under load',
    facts: {
      requests: samples.length,
      'during outage': during.length,
      'clear 503s': during.length - wrong.length,
      'p99 ms while down': Math.round(
        percentile(
          during.map((s) => s.ms),
          99,
        ),
      ),
      'max ms while down': Math.round(slowest),
      'recovery ms': Number.isFinite(recoveryMs) ? recoveryMs : 'never',
    },
    problems,
  };
}
