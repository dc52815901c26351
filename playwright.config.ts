import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

const basePort = Number(process.env.E2E_PORT ?? 3199);
/**
 * The journeys run on this many desks at once, each a server of its own on a fresh PGlite with its
 * own mail server, and each journey file on one of them: on two cores two desks finish in about
 * half the time, and no journey sees another's data.
 */
const DESKS = Number(process.env.E2E_DESKS ?? 2);

interface Desk {
  index: number;
  /** The desk's port; its mail server's SMTP port is the next one, and that server's HTTP port the one after. */
  port: number;
  files: string[];
}

/** The journey files split over the desks, the largest first onto the desk with the least so far. */
function desksOf(count: number): Desk[] {
  const desks = Array.from({ length: count }, (_, index) => ({
    index,
    port: basePort + 3 * index,
    files: [] as string[],
    bytes: 0,
  }));
  const files = readdirSync('e2e')
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ name, bytes: statSync(path.join('e2e', name)).size }))
    .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
  for (const file of files) {
    const lightest = desks.reduce((least, desk) => (desk.bytes < least.bytes ? desk : least));
    lightest.files.push(file.name);
    lightest.bytes += file.bytes;
  }
  return desks;
}

function serversOf(desk: Desk): NonNullable<PlaywrightTestConfig['webServer']> {
  const { port } = desk;
  const mailSmtpPort = port + 1;
  const mailHttpPort = port + 2;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-e2e-'));
  return [
    {
      // The journeys' mail server (e2e/support/mail-sink.ts): SMTP for the desk, HTTP for the journeys (support/mail.ts).
      command: `node e2e/support/mail-sink.ts ${mailSmtpPort} ${mailHttpPort}`,
      url: `http://127.0.0.1:${mailHttpPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The real server, on a fresh PGlite with the demo data; the OTP comes from the dev outbox.
      command: 'node apps/server/src/server.ts',
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_SEED: 'on',
        CAPTCHA_COST: '1000',
        // Journeys sign the same demo accounts in many times; the API tests prove the real limits.
        OTP_RESEND_COOLDOWN_SECONDS: '0',
        OTP_MAX_CODES_PER_HOUR: '1000',
        OTP_IP_LIMIT_PER_HOUR: '10000',
        // The journeys raise many tickets as the same demo accounts within a minute.
        WRITE_LIMIT_SCALE: '20',
        // The integrations journey's webhook receiver listens on loopback, over plain http.
        WEBHOOK_ALLOW_PRIVATE: 'on',
        WEBHOOK_ALLOW_HTTP: 'on',
        // The alarms journey sees the network recover at once: no hold-down, and the sweep twice a second.
        ALARM_HOLD_DOWN_MINUTES: '0',
        ALARM_SWEEP_MS: '500',
        // The broadcasts journey sends at any hour, fast enough to watch a broadcast finish.
        SMS_QUIET_HOURS: 'off',
        SMS_RATE_PER_SECOND: '40',
        // Mail goes to the journeys' mail server; the satisfaction question leaves within a second of a resolve.
        SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        CSAT_DELAY_MINUTES: '0',
        CSAT_POLL_MS: '500',
        // The warnings journey sees a ticket due soon within a second of a change of levels; the demo's
        // late tickets are breaches (told to their department), not yet escalations.
        SLA_SCAN_MS: '500',
        JOBS_POLL_MS: '200',
        SLA_ESCALATE_HOURS: '720',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
    },
  ];
}

const desks = desksOf(DESKS);

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: DESKS,
  retries: process.env.CI ? 1 : 0,
  // A journey's whole time: the longest take about a minute on a busy day of the 2-core machine.
  timeout: 120_000,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // One project per desk, one journey at a time on each (a desk's journeys share its data: a count on
  // the dashboard must not see another journey's tickets); a file given on the command line runs on
  // the desk it falls to.
  projects: desks.map((desk) => ({
    name: `desk ${desk.index + 1}`,
    workers: 1,
    testMatch: desk.files.map((name) => `**/${name}`),
    use: { baseURL: `http://127.0.0.1:${desk.port}` },
  })),
  webServer: desks.flatMap(serversOf),
});
