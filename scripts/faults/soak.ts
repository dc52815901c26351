/**
 * The load soak (not CI): SOAK_MINUTES (10) of mixed traffic at SOAK_CONNECTIONS (32) against the
 * benchmark corpus (1,000,000 tickets at BENCH_SCALE=1), through the benchmark's own corpus,
 * server and scenarios, while SOAK_STREAMS (500) live event streams stay open (staff, agents and
 * customers, at most three per user). Prints p50/p99 and the error rate of every minute, the
 * streams still open and the events they heard, and the server's memory at the start and the end;
 * writes bench-results/soak-<time>.json. Exits non-zero when a minute has more than 1% errors, a
 * stream was lost, or the server's memory grew by more than half after the first minute (a leak).
 * SOAK_MINUTES may be a fraction (0.5) for a short check.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { prepareCorpus, removeBenchmarkWrites } from '../bench/corpus.ts';
import type { HttpScenario } from '../bench/load.ts';
import { ROOT, startServer } from '../bench/processes.ts';
import { httpListScenario, listScenarios, otherScenarios, sampleCorpus } from '../bench/scenarios.ts';
import { readSettings } from '../bench/settings.ts';
import { createTokenIssuer } from '@switchboard/server/src/modules/auth/tokens.ts';
import { openLiveStream, type LiveStream } from './live-streams.ts';
import { percentile } from './report.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 32);
const STREAMS = Number(process.env.SOAK_STREAMS ?? 500);
/** Streams one user holds (the server's limit per user is 3). */
const STREAMS_PER_USER = 3;
const MAX_ERROR_RATE = 0.01;
const MAX_MEMORY_GROWTH = 1.5;

interface Minute {
  minute: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  rssMb: number;
  openStreams: number;
  eventsHeard: number;
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssOf(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Opens `count` live event streams of users of every kind from the corpus, three per user. */
async function openStreams(pool: pg.Pool, baseUrl: string, jwtSecret: string, count: number): Promise<LiveStream[]> {
  const tokens = createTokenIssuer(jwtSecret, '1d');
  const users = await pool.query<{
    id: string;
    name: string;
    product_number: string;
    user_type: string;
    role: string;
    token_version: number;
  }>(
    `select id, name, product_number, user_type, role, token_version from users where deleted_at is null
     order by user_type, product_number limit $1`,
    [Math.ceil(count / STREAMS_PER_USER)],
  );
  const streams: LiveStream[] = [];
  for (const [index, user] of users.rows.entries()) {
    const token = await tokens.sign({
      sub: user.id,
      ver: user.token_version,
      name: user.name,
      number: user.product_number,
      user_type: user.user_type as never,
      role: user.role as never,
    });
    const wanted = Math.min(STREAMS_PER_USER, count - index * STREAMS_PER_USER);
    for (let i = 0; i < wanted; i++) streams.push(await openLiveStream(baseUrl, token));
  }
  return streams;
}

/** A realistic desk: mostly lists and single tickets, some writes, a few token checks. */
function weightedMix(scenarios: HttpScenario[]): () => HttpScenario {
  const weights = new Map([
    ['ticket by id', 6],
    ['add comment', 2],
    ['create ticket', 1],
    ['forward-chain list', 1],
    ['validate-token', 1],
  ]);
  const bag = scenarios.flatMap((scenario) => Array<HttpScenario>(weights.get(scenario.name) ?? 1).fill(scenario));
  return () => {
    const scenario = bag[Math.floor(Math.random() * bag.length)];
    if (!scenario) throw new Error('the soak has no scenarios');
    return scenario;
  };
}

async function main(): Promise<number> {
  const settings = readSettings();
  const corpus = await prepareCorpus(settings.databaseUrl, settings.scale);
  await removeBenchmarkWrites(settings.databaseUrl, corpus);
  const server = await startServer(settings.databaseUrl);
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 2 });
  try {
    const sample = await sampleCorpus(pool, server.jwtSecret);
    const total = await pool.query<{ count: number }>('select count(*)::int as count from tickets');
    const lastPage = Math.max(1, Math.ceil((total.rows[0]?.count ?? 0) / 10));
    const pick = weightedMix([
      ...listScenarios(sample, lastPage).map((list) => httpListScenario(sample, list)),
      ...otherScenarios(sample),
    ]);
    console.log(
      `soak: ${MINUTES} min at ${CONNECTIONS} connections on ${total.rows[0]?.count ?? 0} tickets, server ${server.url}`,
    );

    const streams = await openStreams(pool, server.url, server.jwtSecret, STREAMS);
    const refused = streams.filter((stream) => stream.status !== 200).length;
    console.log(`live streams: ${streams.length - refused} open, ${refused} refused`);
    const openCount = () => streams.filter((stream) => stream.status === 200 && stream.ended === null).length;
    const heardCount = () => streams.reduce((sum, stream) => sum + stream.events.length, 0);
    const startRss = rssOf(server.pid);
    const minutes: Minute[] = [];
    const endAt = Date.now() + MINUTES * 60_000;
    let bucket = { latencies: [] as number[], errors: 0 };
    const worker = async () => {
      while (Date.now() < endAt) {
        const scenario = pick();
        const { path: url, body } = scenario.next();
        const began = performance.now();
        try {
          const response = await fetch(`${server.url}${url}`, {
            method: scenario.method,
            headers: { ...scenario.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            signal: AbortSignal.timeout(30_000),
          });
          await response.arrayBuffer();
          if (!response.ok) bucket.errors += 1;
        } catch {
          bucket.errors += 1;
        }
        bucket.latencies.push(performance.now() - began);
      }
    };
    /** Closes the current bucket as one line of the table (the last one may be a part of a minute). */
    const closeMinute = () => {
      const done = bucket;
      bucket = { latencies: [], errors: 0 };
      if (done.latencies.length === 0) return;
      const minute: Minute = {
        minute: minutes.length + 1,
        requests: done.latencies.length,
        errors: done.errors,
        p50: Math.round(percentile(done.latencies, 50) * 10) / 10,
        p99: Math.round(percentile(done.latencies, 99) * 10) / 10,
        rssMb: Math.round(rssOf(server.pid)),
        openStreams: openCount(),
        eventsHeard: heardCount(),
      };
      minutes.push(minute);
      const rate = (100 * minute.errors) / minute.requests;
      console.log(
        `minute ${minute.minute}: ${minute.requests} requests, ${rate.toFixed(2)}% errors, p50 ${minute.p50} ms, p99 ${minute.p99} ms, server ${minute.rssMb} MB, ${minute.openStreams} streams open, ${minute.eventsHeard} events heard so far`,
      );
    };
    const ticker = setInterval(closeMinute, 60_000);
    await Promise.all(Array.from({ length: CONNECTIONS }, () => worker()));
    clearInterval(ticker);
    closeMinute();
    const endRss = rssOf(server.pid);
    const lostStreams = STREAMS - openCount();
    const heartbeats = streams.map((stream) => stream.heartbeats);
    console.log(
      `live streams: ${openCount()} of ${STREAMS} still open, ${heardCount()} events heard, ` +
        `${Math.min(...heartbeats)}–${Math.max(...heartbeats)} heartbeats each`,
    );
    for (const stream of streams) stream.close();

    const worstRate = Math.max(0, ...minutes.map((m) => m.errors / m.requests));
    // Growth counts from the end of the first minute: caches and compiled code fill up before that.
    const warmRss = minutes[0]?.rssMb ?? startRss;
    const growth = endRss / warmRss;
    console.log(
      `server memory: ${Math.round(startRss)} MB at the start, ${Math.round(warmRss)} MB after the first minute, ` +
        `${Math.round(endRss)} MB at the end (×${growth.toFixed(2)} since the first minute)`,
    );
    console.log(`worst minute: ${(worstRate * 100).toFixed(2)}% errors`);
    const out = path.join(ROOT, 'bench-results');
    mkdirSync(out, { recursive: true });
    const file = path.join(out, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          minutes: MINUTES,
          connections: CONNECTIONS,
          streams: STREAMS,
          lostStreams,
          startRssMb: startRss,
          warmRssMb: warmRss,
          endRssMb: endRss,
          perMinute: minutes,
        },
        null,
        2,
      ),
    );
    console.log(`written to ${path.relative(ROOT, file)}`);
    return worstRate <= MAX_ERROR_RATE && growth <= MAX_MEMORY_GROWTH && lostStreams === 0 ? 0 : 1;
  } finally {
    await pool.end();
    await server.stop();
    await removeBenchmarkWrites(settings.databaseUrl, corpus);
  }
}

process.exitCode = await main();
