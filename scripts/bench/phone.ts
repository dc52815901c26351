/**
 * `node scripts/bench/phone.ts [runs]`: the throttled phone profile of throttled.ts alone, on the demo
 * data, without the benchmark corpus or Lighthouse. Serves the last build (`apps/web/dist`, build it
 * first) from the real server in production mode on a fresh PGlite with the demo seed, signs the demo
 * admin in through the real OTP flow (the code read from the server's console SMS), and times the
 * ticket view and the ticket list, cold, on a first visit and for a returning visitor.
 *
 * PHONE_SCREENS=view measures the ticket view only; PHONE_CPU_PROFILE=<folder> writes a CPU profile
 * of one more returning visit of the view there (open it in Chrome's DevTools).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import puppeteer from 'puppeteer-core';
import { freePort, ROOT } from './processes.ts';
import { measureThrottled, profileView, throttledTable, type Screen } from './throttled.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ADMIN = '8809638000001';

async function startDemoServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-phone-'));
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    CAPTCHA_HMAC_KEY: randomBytes(24).toString('base64url'),
    CAPTCHA_COST: '1000',
    ALLOW_CONSOLE_SMS: 'on',
    DEV_OUTBOX: 'off',
    DEMO_SEED: 'on',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-50_000)));
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-50_000)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 120_000; ;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer within 120 s:\n${log}`);
    const ready = await fetch(`${url}/readyz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { url, stop, codeFor: (number: string) => log.match(new RegExp(`\\[sms\\] to \\+${number}: .*?\\b(\\d{6})\\b`))?.[1] };
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const reply = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!reply.ok) throw new Error(`${url}: ${reply.status} ${await reply.text()}`);
  return (await reply.json()) as T;
}

async function captcha(baseUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/api/v1/captcha/challenge?flow=sign-in`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The demo admin's token, through Get OTP and the login as a person goes through them. */
async function signIn(server: Awaited<ReturnType<typeof startDemoServer>>): Promise<string> {
  await post(`${server.url}/api/v1/users/generate-otp`, { product_number: ADMIN, token: await captcha(server.url) });
  let otp: string | undefined;
  for (let tries = 0; !otp && tries < 50; tries++) {
    otp = server.codeFor(ADMIN);
    if (!otp) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const login = await post<{ auth_token: string }>(`${server.url}/api/v1/users/login`, {
    product_number: ADMIN,
    otp,
    token: await captcha(server.url),
  });
  return login.auth_token;
}

const runs = Number(process.argv[2] ?? 5);
const screens = (process.env.PHONE_SCREENS?.split(',') ?? ['list', 'view']) as Screen[];
const server = await startDemoServer();
const browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox'] });
try {
  const token = await signIn(server);
  const list = (await (
    await fetch(`${server.url}/api/v1/tickets/user-type-wise-tickets/1`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { ticket_id: number; title: string }[] };
  const ticket = list.data[0];
  if (!ticket) throw new Error('the demo data has no ticket');
  const target = { baseUrl: server.url, token, ticketId: ticket.ticket_id, ticketTitle: ticket.title, signIn: false };
  const loadBefore = loadavg()[0]?.toFixed(1);
  const results = await measureThrottled(browser, target, runs, screens);
  console.log(throttledTable(results).join('\n'));
  console.log(`load average (1 min) before ${loadBefore}, after ${loadavg()[0]?.toFixed(1)}`);
  const profileDir = process.env.PHONE_CPU_PROFILE;
  if (profileDir) console.log(`CPU profile: ${await profileView(browser, target, path.resolve(profileDir))}`);
} finally {
  await browser.close();
  await server.stop();
}
