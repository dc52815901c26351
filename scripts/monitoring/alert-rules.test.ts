/**
 * The monitoring examples of docs/monitoring.md: the alert rules load in Prometheus' own checker and
 * fire on the failure modes of the fault runs (promtool from Debian's `prometheus` package), and the
 * rules and the Grafana dashboard name only figures the server serves.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../bench/processes.ts';

const EXAMPLES = path.join(ROOT, 'docs/examples');
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const hasPromtool = existsSync(PROMTOOL);
if (!hasPromtool)
  console.warn(`SKIPPED the promtool checks of the alert rules: ${PROMTOOL} is missing (sudo apt-get install -y prometheus)`);

function promtool(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(PROMTOOL, args, { cwd: EXAMPLES, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The names the server's registry serves, read from its source (a histogram adds its series). */
function servedNames(): Set<string> {
  const folder = path.join(ROOT, 'apps/server/src/modules/metrics');
  const source = readdirSync(folder)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => readFileSync(path.join(folder, file), 'utf8'))
    .join('\n');
  const names = [...source.matchAll(/'(switchboard_[a-z_]+)'/g)].map((match) => match[1] ?? '');
  return new Set([...names.flatMap((name) => [name, `${name}_bucket`, `${name}_count`, `${name}_sum`]), 'up']);
}

function namedIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\b(switchboard_[a-z_]+)/g)].map((match) => match[1] ?? ''))];
}

describe('the monitoring examples', () => {
  it.skipIf(!hasPromtool)('alert rules pass `promtool check rules`', () => {
    const { status, output } = promtool('check', 'rules', 'prometheus-alerts.yml');
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it.skipIf(!hasPromtool)('alert rules fire on the failure modes and stay quiet otherwise (`promtool test rules`)', () => {
    const { status, output } = promtool('test', 'rules', 'prometheus-alerts.test.yml');
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('name only figures the server serves', () => {
    const served = servedNames();
    const rules = readFileSync(path.join(EXAMPLES, 'prometheus-alerts.yml'), 'utf8');
    const dashboard = readFileSync(path.join(EXAMPLES, 'grafana-switchboard.json'), 'utf8');
    const named = [...namedIn(rules), ...namedIn(dashboard)];
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((name) => !served.has(name))).toEqual([]);
  });

  it('the dashboard is Grafana JSON whose every panel has a query', () => {
    const dashboard = JSON.parse(readFileSync(path.join(EXAMPLES, 'grafana-switchboard.json'), 'utf8')) as {
      title: string;
      panels: { title: string; type: string; targets?: { expr: string }[] }[];
    };
    expect(dashboard.title).toBe('Switchboard');
    const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(graphs.length).toBeGreaterThan(8);
    for (const panel of graphs) expect(panel.targets?.[0]?.expr, panel.title).toMatch(/switchboard_|up\{/);
  });
});
