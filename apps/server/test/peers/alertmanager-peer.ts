/**
 * Prometheus Alertmanager, from Debian, as the real peer of the alarm tests (DESIGN.md §22): started
 * with a throwaway configuration whose one receiver is the desk's webhook with a client's token, and
 * short group timings, so that an alert posted to its own API reaches the desk within seconds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

export const ALERTMANAGER_PATH = process.env.ALERTMANAGER_PATH ?? '/usr/bin/prometheus-alertmanager';

export interface AlertmanagerPeer {
  url: string;
  /** Posts alerts to Alertmanager's own API, as Prometheus would. */
  postAlerts(alerts: PostedAlert[]): Promise<void>;
  stop(): Promise<void>;
}

export interface PostedAlert {
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  startsAt?: string;
  /** In the past: the alert is resolved. */
  endsAt?: string;
}

/** The configuration the docs show, with the desk's address and token filled in and seconds for minutes. */
export function alertmanagerConfig(deskUrl: string, token: string): string {
  return `route:
  receiver: switchboard
  group_by: ['alertname', 'site']
  group_wait: 1s
  group_interval: 1s
  repeat_interval: 1h
receivers:
  - name: switchboard
    webhook_configs:
      - url: ${deskUrl}/api/v1/alarms/alertmanager
        send_resolved: true
        max_alerts: 500
        http_config:
          authorization:
            type: Bearer
            credentials: ${token}
`;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`Alertmanager exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/-/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Alertmanager did not become ready:\n${output()}`);
}

export async function startAlertmanager(deskUrl: string, token: string): Promise<AlertmanagerPeer> {
  if (!existsSync(ALERTMANAGER_PATH))
    throw new Error(
      `Alertmanager (${ALERTMANAGER_PATH}) is missing: npm test installs it when run as root, or: sudo apt-get install -y prometheus-alertmanager`,
    );
  const directory = await mkdtemp(path.join(tmpdir(), 'alertmanager-'));
  const configFile = path.join(directory, 'alertmanager.yml');
  await writeFile(configFile, alertmanagerConfig(deskUrl, token));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    ALERTMANAGER_PATH,
    [
      `--config.file=${configFile}`,
      `--storage.path=${directory}`,
      `--web.listen-address=127.0.0.1:${port}`,
      // One instance: no gossip port of its own.
      '--cluster.listen-address=',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitUntilReady(url, child, () => log);
  return {
    url,
    async postAlerts(alerts) {
      const reply = await fetch(`${url}/api/v2/alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(alerts),
      });
      if (!reply.ok) throw new Error(`Alertmanager refused the alerts: ${reply.status} ${await reply.text()}`);
    },
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
