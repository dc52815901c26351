import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
// The journeys' mail server (e2e/support/mail-sink.ts): SMTP for the desk, HTTP for the journeys (support/mail.ts).
const mailSmtpPort = port + 1;
const mailHttpPort = port + 2;
const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-e2e-'));

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: [
    {
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
  ],
});
