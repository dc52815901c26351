/**
 * The real peer of /metrics in the cluster run (DESIGN.md §29): Debian's Prometheus with a throwaway
 * configuration and storage in a temporary folder, on a free loopback port, scraping every server
 * process once a second. The scenario sends a known number of requests to each process and through
 * the balancer, then reads `up` and the request counter through Prometheus' HTTP API and checks
 * that they add up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../bench/processes.ts';
import type { ScenarioResult } from '../faults/report.ts';
import { sleep } from '../faults/server-process.ts';
import type { Disposable } from './infrastructure.ts';

export const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const SCRAPE_SECONDS = 1;
/** The route the scenario counts: nothing else in the run asks for it. */
const COUNTED_ROUTE = '/healthz';
const COUNTER = `switchboard_http_request_duration_seconds_count{route="${COUNTED_ROUTE}",method="GET",status="200"}`;

export interface ScrapeTarget {
  /** The `process` label Prometheus gives the target's series. */
  name: string;
  /** host:port of the process's metrics listener. */
  address: string;
}

export interface PrometheusServer extends Disposable {
  url: string;
  /** An instant query's samples: each series' labels and value. */
  query(promql: string): Promise<{ labels: Record<string, string>; value: number }[]>;
}

export function prometheusConfig(targets: ScrapeTarget[]): string {
  const scrapes = targets
    .map((target) => `      - targets: ['${target.address}']\n        labels: { process: '${target.name}' }`)
    .join('\n');
  return `global:
  scrape_interval: ${SCRAPE_SECONDS}s
  scrape_timeout: ${SCRAPE_SECONDS}s
scrape_configs:
  - job_name: switchboard
    static_configs:
${scrapes}
`;
}

/** Prometheus as a child of the run; resolves once it says it is ready. */
export async function startPrometheus(targets: ScrapeTarget[]): Promise<PrometheusServer> {
  const folder = mkdtempSync(path.join(tmpdir(), 'switchboard-cluster-prometheus-'));
  const config = path.join(folder, 'prometheus.yml');
  writeFileSync(config, prometheusConfig(targets));
  const port = await freePort();
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const query = async (promql: string) => {
    const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await response.json()) as {
      status: string;
      error?: string;
      data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
    };
    if (body.status !== 'success' || !body.data)
      throw new Error(`Prometheus refused ${promql}: ${body.error ?? response.status}`);
    return body.data.result.map((sample) => ({ labels: sample.metric, value: Number(sample.value[1]) }));
  };
  for (const began = Date.now(); Date.now() - began < 20_000; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`Prometheus exited with ${child.exitCode}: ${output.slice(-2000)}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, query, close };
  }
  await close();
  throw new Error(`Prometheus was not ready within 20 s: ${output.slice(-2000)}`);
}

/** The counted requests of each process as Prometheus last scraped them (a process without any: 0). */
async function countedByProcess(prometheus: PrometheusServer, names: string[]): Promise<Record<string, number>> {
  const samples = await prometheus.query(COUNTER);
  return Object.fromEntries(names.map((name) => [name, samples.find((sample) => sample.labels.process === name)?.value ?? 0]));
}

async function sendCounted(baseUrl: string, count: number): Promise<void> {
  for (let sent = 0; sent < count; sent += 1) {
    const response = await fetch(`${baseUrl}${COUNTED_ROUTE}`);
    if (!response.ok) throw new Error(`${COUNTED_ROUTE} answered ${response.status}`);
    await response.arrayBuffer();
  }
}

export interface CountedDesk {
  balancerUrl: string;
  /** Each process's app URL, by the name its scrape target carries. */
  processes: { name: string; url: string }[];
}

/** Waits until `check` holds of what Prometheus says, or `ms` pass; returns the last reading. */
async function waitFor<T>(read: () => Promise<T>, check: (value: T) => boolean, ms: number): Promise<T> {
  let value = await read();
  for (const began = Date.now(); !check(value) && Date.now() - began < ms; value = await read()) await sleep(250);
  return value;
}

/** Both processes are up for Prometheus, and the requests it counted add up to the requests sent. */
export async function metricsAddUp(desk: CountedDesk, prometheus: PrometheusServer): Promise<ScenarioResult> {
  const problems: string[] = [];
  const names = desk.processes.map((process) => process.name);
  const upOf = () => prometheus.query('up{job="switchboard"}');
  const up = await waitFor(upOf, (samples) => samples.length === names.length && samples.every((s) => s.value === 1), 20_000);
  if (!(up.length === names.length && up.every((sample) => sample.value === 1)))
    problems.push(`up: ${JSON.stringify(up.map((sample) => [sample.labels.process, sample.value]))}`);
  // Two scrapes after the last earlier request: the baseline is what each process has counted.
  await sleep(2500 * SCRAPE_SECONDS);
  const before = await countedByProcess(prometheus, names);
  const direct = desk.processes.map((process, index) => ({ ...process, count: 10 * (index + 2) }));
  const throughBalancer = 40;
  for (const process of direct) await sendCounted(process.url, process.count);
  await sendCounted(desk.balancerUrl, throughBalancer);
  const sent = direct.reduce((sum, process) => sum + process.count, throughBalancer);
  const deltaOf = (after: Record<string, number>) => names.map((name) => (after[name] ?? 0) - (before[name] ?? 0));
  const total = (after: Record<string, number>) => deltaOf(after).reduce((sum, delta) => sum + delta, 0);
  const after = await waitFor(
    () => countedByProcess(prometheus, names),
    (counts) => total(counts) >= sent,
    15_000,
  );
  const deltas = deltaOf(after);
  if (total(after) !== sent) problems.push(`Prometheus counted ${total(after)} requests of ${sent} sent`);
  direct.forEach((process, index) => {
    if ((deltas[index] ?? 0) < process.count)
      problems.push(`${process.name} counted ${deltas[index]}, fewer than the ${process.count} sent to it alone`);
  });
  const sum = await prometheus.query(`sum(${COUNTER})`);
  if (sum[0]?.value !== names.reduce((all, name) => all + (after[name] ?? 0), 0))
    problems.push(`sum() in PromQL (${sum[0]?.value}) differs from the processes' counts added`);
  return {
    name: 'Prometheus scrapes both processes',
    facts: {
      up: up.filter((sample) => sample.value === 1).length,
      sent,
      counted: total(after),
      ...Object.fromEntries(names.map((name, index) => [`counted by ${name}`, deltas[index] ?? 0])),
    },
    problems,
  };
}
