/**
 * `npm test`: lint, type-check, unit and API tests (vitest), then the browser journeys (Playwright
 * against Debian's Chromium). Stops at the first failing step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    run('install Chromium from Debian', 'sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core',
    ]);
    return;
  }
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with:\n  sudo apt-get install -y chromium fonts-noto-core`);
  process.exit(1);
}

run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('type-check', 'npx', ['tsc', '-b']);
// Built first: the header tests check the served pages of the app too.
run('build the web app', 'npm', ['run', 'build']);
run('unit and API tests', 'npx', ['vitest', 'run']);
run('fault tolerance', 'npm', ['run', 'test:faults']);
ensureChromium();
run('browser tests', 'npx', ['playwright', 'test']);
