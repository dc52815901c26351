/**
 * `npm test`: lint beside formatting, type-check, the web build and its bundle budgets, then unit and
 * API tests (vitest), the fault run, the cluster run, then the browser journeys (Playwright against
 * Debian's Chromium). Stops at the first failing step.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const STARTED = performance.now();

/** Each step's time, printed at the end: CI stops at 90 minutes, and the note says where they went. */
const timings: { title: string; seconds: number }[] = [];

function run(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}`);
  const began = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  timings.push({ title, seconds: Math.round((performance.now() - began) / 1000) });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    printTimings();
    process.exit(result.status ?? 1);
  }
}

function printTimings(): void {
  console.log('\nStep times:');
  for (const { title, seconds } of timings) console.log(`  ${String(seconds).padStart(5)} s  ${title}`);
  console.log(`  ${String(Math.round((performance.now() - STARTED) / 1000)).padStart(5)} s  in all`);
}

type Step = [title: string, command: string, args: string[]];

/** One step as a child process; resolves with its exit status. */
function runStep([title, command, args]: Step): Promise<number> {
  console.log(`\n▶ ${title}`);
  const began = performance.now();
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      timings.push({ title, seconds: Math.round((performance.now() - began) / 1000) });
      if (status !== 0) console.error(`\n✖ ${title} failed`);
      resolve(status ?? 1);
    });
  });
}

/**
 * Lanes of steps side by side, each lane's steps one after another and stopping at its first failure:
 * ESLint and the type-check are one core's work each, so on two cores they take the time of the longer.
 */
async function runLanes(lanes: Step[][]): Promise<void> {
  const statuses = await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        const status = await runStep(step);
        if (status !== 0) return status;
      }
      return 0;
    }),
  );
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) {
    printTimings();
    process.exit(failed);
  }
}

/**
 * nginx for the cluster run, from Debian. Its package would start a server on port 80: a
 * policy-rc.d that refuses every start keeps the install from doing so.
 */
function ensureNginx(): void {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status === 0) return;
  if (process.getuid?.() === 0) {
    run('install nginx from Debian', 'sh', [
      '-c',
      'printf "#!/bin/sh\\nexit 101\\n" > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light; status=$?; rm -f /usr/sbin/policy-rc.d; exit $status',
    ]);
    return;
  }
  console.error('nginx is missing. Install it with:\n  sudo apt-get install -y nginx-light');
  process.exit(1);
}

/**
 * Prometheus Alertmanager for the alarm tests (DESIGN.md §22), from Debian: the tests start it with
 * a throwaway configuration. Its package would start a server of its own, as nginx's would.
 */
function ensureAlertmanager(): void {
  if (spawnSync('sh', ['-c', 'command -v prometheus-alertmanager']).status === 0) return;
  if (process.getuid?.() === 0) {
    run('install Alertmanager from Debian', 'sh', [
      '-c',
      'printf "#!/bin/sh\\nexit 101\\n" > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq prometheus-alertmanager; status=$?; rm -f /usr/sbin/policy-rc.d; exit $status',
    ]);
    return;
  }
  console.error('Alertmanager is missing. Install it with:\n  sudo apt-get install -y prometheus-alertmanager');
  process.exit(1);
}

/**
 * Prometheus for the cluster run's scrape of both processes (DESIGN.md §29), and its promtool for
 * the check of the alert rules of docs/examples, from Debian: the run starts it with a throwaway
 * configuration. Its package would start a server of its own, as nginx's would.
 */
function ensurePrometheus(): void {
  if (existsSync('/usr/bin/prometheus') && existsSync('/usr/bin/promtool')) return;
  if (process.getuid?.() === 0) {
    run('install Prometheus from Debian', 'sh', [
      '-c',
      'printf "#!/bin/sh\\nexit 101\\n" > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq prometheus; status=$?; rm -f /usr/sbin/policy-rc.d; exit $status',
    ]);
    return;
  }
  console.error('Prometheus is missing. Install it with:\n  sudo apt-get install -y prometheus');
  process.exit(1);
}

/**
 * Dovecot for the mail reader's tests (DESIGN.md §24), from Debian: the tests start it with a
 * throwaway configuration and mailbox. Its package would start a server of its own, as nginx's would.
 */
function ensureDovecot(): void {
  if (existsSync('/usr/sbin/dovecot')) return;
  if (process.getuid?.() === 0) {
    run('install Dovecot from Debian', 'sh', [
      '-c',
      'printf "#!/bin/sh\\nexit 101\\n" > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd; status=$?; rm -f /usr/sbin/policy-rc.d; exit $status',
    ]);
    return;
  }
  console.error('Dovecot is missing. Install it with:\n  sudo apt-get install -y dovecot-imapd');
  process.exit(1);
}

/** The journeys measure text (clipping, page width): without Noto the fallback font is wider. */
const NOTO_SANS = '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf';

function ensureChromium(): void {
  if (existsSync(CHROMIUM) && existsSync(NOTO_SANS)) return;
  if (process.getuid?.() === 0) {
    run('install Chromium from Debian', 'sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core',
    ]);
    return;
  }
  console.error(
    `Chromium (${CHROMIUM}) or its fonts are missing. Install them with:\n  sudo apt-get install -y chromium fonts-noto-core`,
  );
  process.exit(1);
}

await runLanes([
  [['lint', 'npx', ['eslint', '.', '--max-warnings=0']]],
  [
    ['formatting', 'npx', ['prettier', '--check', '.']],
    ['type-check', 'npx', ['tsc', '-b']],
    // Built before the tests: the header tests check the served pages of the app too. The manifest
    // maps each route's modules to its chunks for the budget check.
    ['build the web app', 'npm', ['run', 'build', '-w', '@switchboard/web', '--', '--manifest']],
    ['bundle budgets', process.execPath, ['scripts/bundle-budgets.ts']],
  ],
]);
ensureAlertmanager();
ensurePrometheus();
ensureDovecot();
run('unit and API tests', 'npx', ['vitest', 'run']);
run('fault tolerance', 'npm', ['run', 'test:faults']);
ensureNginx();
run('many processes', 'npm', ['run', 'test:cluster']);
ensureChromium();
run('browser tests', 'npx', ['playwright', 'test']);
printTimings();
