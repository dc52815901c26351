/**
 * The presence row of DESIGN.md §27's budget: what 500 open ticket views cost the machine. Each view
 * is a staff member of the corpus on one of 100 tickets, saying "viewing" every HEARTBEAT_MS as the
 * ticket view does (25 heartbeats a second in all, evenly spread). The row compares the CPU time the
 * server and PostgreSQL (the bench database's backends and the shared ones, from /proc) spent over the same seconds with no views
 * and with the views heartbeating, after a first round of heartbeats (the ones that change what
 * others see) has passed. The presence rows are removed afterwards.
 */
import { cpus } from 'node:os';
import type pg from 'pg';
import { createTokenIssuer } from '@switchboard/server/src/modules/auth/tokens.ts';
import { cpuTimeOf, summarise, type Measurement } from './load.ts';
import type { RunningProcess, ServerSecrets } from './processes.ts';
import { tokenOf, type CorpusSample, type CorpusUser } from './scenarios.ts';

/** The budget: 500 open views add at most this share of the machine's CPU. */
export const PRESENCE_CPU_SHARE = 0.05;
const VIEWS = 500;
const TICKETS = 100;
/** The ticket view's heartbeat (components/ticket-presence). */
const HEARTBEAT_MS = 20_000;
/** Seconds of CPU time compared, with and without the views. */
const WINDOW_SECONDS = 40;

export interface PresenceCpu {
  /** Share of the machine's cores the server and PostgreSQL used with no views, and with them. */
  idle: number;
  viewing: number;
  cores: number;
}

/** The pids of PostgreSQL's processes that work for the bench database: its backends and the shared ones. */
async function postgresPids(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() or backend_type <> 'client backend'`,
  );
  return rows.map((row) => row.pid);
}

/**
 * The share of the machine's cores the server and PostgreSQL use over the next `seconds`: each
 * process's CPU time at the end less its time at the start (from 0 for a process started meanwhile;
 * one that ended meanwhile took its time with it, so it is left out rather than counted negative).
 */
async function cpuShareOver(server: RunningProcess, pool: pg.Pool, seconds: number): Promise<number> {
  const timesOf = async () =>
    new Map([server.pid ?? -1, ...(await postgresPids(pool))].map((pid) => [pid, cpuTimeOf(pid)] as const));
  const before = await timesOf();
  await sleep(seconds * 1000);
  const after = await timesOf();
  let used = 0;
  for (const [pid, time] of after) if (time !== undefined) used += time - (before.get(pid) ?? 0);
  return used / (seconds * 1e6 * cpus().length);
}

interface View {
  token: string;
  userId: string;
  ticketId: number;
}

async function viewsOf(pool: pg.Pool, server: RunningProcess & ServerSecrets, sample: CorpusSample): Promise<View[]> {
  const tokens = createTokenIssuer(server.jwtSecret, '1d');
  const { rows } = await pool.query<CorpusUser>(
    `select id, name, product_number, user_type, role, token_version from users
     where user_type in ('cc', 'rs', 'iptsp', 'oss_bss') and kind = 'person' and deleted_at is null
     order by product_number limit $1`,
    [VIEWS],
  );
  if (rows.length === 0) throw new Error('the corpus has no staff');
  return Promise.all(
    Array.from({ length: VIEWS }, async (_, index) => {
      const user = rows[index % rows.length];
      if (!user) throw new Error('no staff member');
      // One person per view on the full corpus; on a small one a person has views of several tickets.
      const ticket = (index + Math.floor(index / rows.length)) % TICKETS;
      return { userId: user.id, ticketId: sample.maxTicketId - ticket, token: await tokenOf(tokens, user) };
    }),
  );
}

/** Every view heartbeats at its own phase of HEARTBEAT_MS until `signal` aborts; the latencies of the replies. */
function heartbeat(
  server: RunningProcess,
  views: View[],
  signal: AbortSignal,
  timings: number[],
  statuses: Record<string, number>,
) {
  return Promise.all(
    views.map(async (view, index) => {
      await pause((index * HEARTBEAT_MS) / views.length, signal);
      while (!signal.aborted) {
        const started = performance.now();
        const reply = await fetch(`${server.url}/api/v1/tickets/${view.ticketId}/presence`, {
          method: 'POST',
          headers: { authorization: `Bearer ${view.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ state: 'viewing' }),
        });
        await reply.arrayBuffer();
        if (reply.ok) timings.push(performance.now() - started);
        else statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
        await pause(HEARTBEAT_MS - (performance.now() - started), signal);
      }
    }),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A sleep that ends early when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

export async function measurePresence(
  server: RunningProcess & ServerSecrets,
  pool: pg.Pool,
  sample: CorpusSample,
): Promise<{ api: Measurement; presence: PresenceCpu }> {
  const views = await viewsOf(pool, server, sample);
  const idle = await cpuShareOver(server, pool, WINDOW_SECONDS);
  const stop = new AbortController();
  const timings: number[] = [];
  const statuses: Record<string, number> = {};
  const running = heartbeat(server, views, stop.signal, timings, statuses);
  await sleep(HEARTBEAT_MS);
  const firstRound = timings.length;
  const viewing = await cpuShareOver(server, pool, WINDOW_SECONDS);
  stop.abort();
  await running;
  await pool.query('delete from ticket_presence where user_id = any($1::uuid[])', [views.map((view) => view.userId)]);
  const steady = timings.slice(firstRound);
  const errors = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  const api = summarise(`presence: ${VIEWS} open ticket views`, 'api', steady, WINDOW_SECONDS, errors, statuses);
  return { api, presence: { idle, viewing, cores: cpus().length } };
}
