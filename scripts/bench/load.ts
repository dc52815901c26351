/** Drives load: HTTP scenarios with autocannon, SQL statements through pg. Both give one Measurement. */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type pg from 'pg';

export interface Measurement {
  name: string;
  kind: 'api' | 'sql' | 'trivial' | 'bare';
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Transport errors, timeouts and replies that are not 2xx. */
  errors: number;
  requests: number;
  /** Status codes other than 2xx, counted (e.g. { "429": 12 }). */
  statuses: Record<string, number>;
  /** CPU time (user and system, all threads) the answering process spent per reply, µs (Linux only). */
  cpuPerReply?: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /**
   * Requests per second offered by all connections together (autocannon's `overallRate`): a steady
   * load, whatever the replies take, as a desk's users produce it. Absent: each connection sends its
   * next request as soon as the last reply is in (the most the server can do).
   */
  rate?: number;
}

/** The value below which `fraction` of the sorted samples fall (nearest rank). */
function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** A measurement of latencies timed by hand (a job called in turn, a request one at a time), ms. */
export function summarise(
  name: string,
  kind: Measurement['kind'],
  latencies: number[],
  seconds: number,
  errors: number,
  statuses: Record<string, number>,
): Measurement {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    name,
    kind,
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    errors,
    requests: latencies.length,
    statuses,
  };
}

/** Clock ticks per second of /proc's CPU times: 100 on every Linux the bench runs on (USER_HZ). */
const CLOCK_TICKS = 100;

/** The CPU time a process has used so far, µs; undefined without /proc. */
export function cpuTimeOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The process that answers a scenario: its address and, to weigh its CPU time, its pid. */
export interface HttpTarget {
  url: string;
  pid?: number | undefined;
}

export interface HttpScenario {
  name: string;
  method: 'GET' | 'POST';
  /** Called for every request, so paths, bodies and headers can vary (random ids, unique titles, visitors' addresses). */
  next: () => { path: string; body?: unknown; headers?: Record<string, string> };
  headers: Record<string, string>;
}

function runAutocannon(
  url: string,
  scenario: HttpScenario,
  options: LoadOptions,
  onResponse?: (status: number, time: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const settings: autocannon.Options = {
      url,
      connections: options.connections,
      duration: options.seconds,
      ...(options.rate === undefined ? {} : { overallRate: options.rate }),
      timeout: 30,
      requests: [
        {
          method: scenario.method,
          headers: { ...scenario.headers, ...(scenario.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          setupRequest: (request) => {
            const { path, body, headers } = scenario.next();
            return {
              ...request,
              path,
              body: body === undefined ? undefined : JSON.stringify(body),
              ...(headers ? { headers: { ...request.headers, ...headers } } : {}),
            };
          },
        },
      ],
    };
    // The callback form returns the instance, whose events carry each reply's latency.
    const instance = autocannon(settings, (error: Error | null, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', (_client, status, _bytes, time) => onResponse(status, time));
  });
}

/** Runs one HTTP scenario: a short unrecorded warm-up (JIT, connection pools, caches), then the measured run. */
export async function measureHttp(
  target: HttpTarget,
  scenario: HttpScenario,
  kind: Measurement['kind'],
  options: LoadOptions,
): Promise<Measurement> {
  await runAutocannon(target.url, scenario, { ...options, seconds: Math.min(2, Math.max(1, options.seconds / 3)) });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let failures = 0;
  const cpuBefore = cpuTimeOf(target.pid);
  const started = performance.now();
  const result = await runAutocannon(target.url, scenario, options, (status, time) => {
    if (status >= 200 && status < 300) latencies.push(time);
    else {
      failures += 1;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuTimeOf(target.pid);
  const replies = latencies.length + failures;
  const measured = summarise(scenario.name, kind, latencies, seconds, failures + result.errors + result.timeouts, statuses);
  if (cpuBefore === undefined || cpuAfter === undefined || replies === 0) return measured;
  return { ...measured, cpuPerReply: (cpuAfter - cpuBefore) / replies };
}

export interface SqlStatement {
  text: string;
  params: unknown[];
  /** The name of a statement the server prepares (sent as such, so the database plans it once per connection). */
  name?: string;
}

/**
 * Runs `statements` one after another per simulated request, from `connections` concurrent
 * clients, for the same time as the HTTP scenarios: the database's share of an API call.
 */
export async function measureSql(
  pool: pg.Pool,
  name: string,
  next: () => SqlStatement[],
  options: LoadOptions,
): Promise<Measurement> {
  const run = async (seconds: number, latencies: number[] | null) => {
    let errors = 0;
    const deadline = performance.now() + seconds * 1000;
    const worker = async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          try {
            for (const { name, text, params } of next()) await client.query({ ...(name ? { name } : {}), text, values: params });
            latencies?.push(performance.now() - t0);
          } catch {
            errors += 1;
          }
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: options.connections }, worker));
    return errors;
  };
  await run(Math.min(2, Math.max(1, options.seconds / 3)), null);
  const latencies: number[] = [];
  const started = performance.now();
  const errors = await run(options.seconds, latencies);
  return summarise(name, 'sql', latencies, (performance.now() - started) / 1000, errors, {});
}
