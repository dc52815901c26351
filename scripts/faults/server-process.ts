/**
 * The real server as a child process of the fault run (production mode, its own DATA_DIR and
 * secrets), which the run may stop, crash with SIGKILL and start again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { SignJWT } from 'jose';

import { freePort, ROOT } from '../bench/processes.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  url: string;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr, over all its starts. */
  log(): string;
  /** Starts (again) on the same data; resolves once /readyz answers 200, with the time it took. */
  start(): Promise<number>;
  /** SIGKILL: no shutdown hooks, no draining, as when the machine or the container dies. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  isRunning(): boolean;
  /** A session token of a user, signed with the server's secret as sign-in would. */
  tokenFor(user: { id: string; userType: string; role: string; name: string; productNumber: string }): Promise<string>;
}

/** Starts the server on `databaseUrl`; `env` adds or overrides settings. */
export async function startServer(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-faults-'));
  const jwtSecret = randomBytes(32).toString('base64url');
  const fullEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    CAPTCHA_HMAC_KEY: randomBytes(24).toString('base64url'),
    CAPTCHA_COST: '1000',
    ALLOW_CONSOLE_SMS: 'on',
    DEMO_SEED: 'off',
    LOG_LEVEL: 'info',
    // The load of the run comes from one address; the per-address limits are not under test here.
    OTP_IP_LIMIT_PER_HOUR: '100000',
    // Hundreds of writes a second from one account: the per-user limits are not under test here.
    WRITE_LIMIT_SCALE: '100000',
    ...env,
  };
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  async function start(): Promise<number> {
    const began = Date.now();
    // process.execPath is the pinned Node 24 running this script: it strips the server's types.
    const spawned = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
      cwd: ROOT,
      env: fullEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    const keep = (chunk: Buffer) => void (output += chunk.toString());
    spawned.stdout.on('data', keep);
    spawned.stderr.on('data', keep);
    while (Date.now() - began < 60_000) {
      if (spawned.exitCode !== null) throw new Error(`the server exited with ${spawned.exitCode}:\n${output.slice(-4000)}`);
      try {
        if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) })).ok) return Date.now() - began;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
    throw new Error(`the server did not get ready within 60 s:\n${output.slice(-4000)}`);
  }

  const exited = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill(signal);
    });

  // The secret the process runs with: processes of one cluster share one.
  const key = new TextEncoder().encode(fullEnv.JWT_SECRET ?? jwtSecret);
  await start();
  return {
    url,
    env: fullEnv,
    dataDir,
    log: () => output,
    start,
    kill: () => exited('SIGKILL'),
    stop: () => exited('SIGTERM'),
    isRunning: () => child !== null && child.exitCode === null && child.signalCode === null,
    tokenFor: (user) =>
      new SignJWT({
        sub: user.id,
        ver: 0,
        user_type: user.userType,
        role: user.role,
        name: user.name,
        number: user.productNumber,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(key),
  };
}

export interface Reply {
  status: number;
  body: string;
  /** Milliseconds from the request to the end of its reply (or to the failure). */
  ms: number;
  /** A network failure instead of a reply (connection reset, refused, timed out). */
  error?: string;
}

/** One HTTP call that never throws: a failure is a reply with status 0. */
export async function call(
  url: string,
  options: { method?: string; token?: string; json?: unknown; body?: FormData; timeoutMs?: number } = {},
): Promise<Reply> {
  const began = performance.now();
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(url, {
      method: options.method ?? (options.json === undefined && !options.body ? 'GET' : 'POST'),
      headers,
      body: options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const body = await response.text();
    return { status: response.status, body, ms: performance.now() - began };
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return { status: 0, body: '', ms: performance.now() - began, error: cause };
  }
}

/** Fetches the bot check of the server at `baseUrl` and solves it, as the sign-in page does. */
export async function solveBotCheck(baseUrl: string): Promise<string> {
  const challenge = JSON.parse((await call(`${baseUrl}/api/v1/captcha/challenge?flow=sign-in`)).body) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot check');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
