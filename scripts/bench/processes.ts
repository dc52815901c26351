/** Child processes of the benchmark: the real server in production mode, and the trivial route. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The pool size the bench's servers (the desk and the bare one) are given, when set; else the desk's default. */
const poolSize = process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {};

export interface RunningProcess {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 60 s:\n${output()}`);
}

function startNode(
  script: string,
  env: NodeJS.ProcessEnv,
  readyPath: string,
  port: number,
  nodeFlags: string[] = [],
): Promise<RunningProcess> {
  // process.execPath is the pinned Node 24 that runs this script: it strips the server's types.
  const child = spawn(process.execPath, [...nodeFlags, script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return waitUntilReady(`${url}${readyPath}`, child, () => log).then(
    () => ({ url, pid: child.pid, stop }),
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
}

export interface ServerSecrets {
  jwtSecret: string;
  /** The environment the server runs with (its configuration: `loadConfig(env)`). */
  env: NodeJS.ProcessEnv;
}

/** The real server as production runs it, on the benchmark database; `extraEnv` adds settings (the mail row's IMAP_URL). */
export async function startServer(
  databaseUrl: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RunningProcess & ServerSecrets> {
  const port = await freePort();
  const jwtSecret = randomBytes(32).toString('base64url');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...poolSize,
    JWT_SECRET: jwtSecret,
    CAPTCHA_HMAC_KEY: randomBytes(24).toString('base64url'),
    ALLOW_CONSOLE_SMS: 'on',
    DEMO_SEED: 'off',
    LOG_LEVEL: 'warn',
    // The load generator writes as a handful of accounts, far faster than people.
    WRITE_LIMIT_SCALE: '100000',
    // The fan-out rows (webhooks.ts) deliver to a receiver on loopback over plain http. Without
    // endpoints, as in every other row, these change nothing.
    WEBHOOK_ALLOW_PRIVATE: 'on',
    WEBHOOK_ALLOW_HTTP: 'on',
    // The outage rows (outages.ts): a broadcast's messages wait while the desk's writes are measured
    // (0.1 SMS/s is the least the server takes), and staff check numbers' status at 300/s from one
    // account (allowed ten times the per-address limit an hour). Without a broadcast or a status
    // check, as in every other row, these change nothing.
    SMS_RATE_PER_SECOND: '0.1',
    STATUS_IP_LIMIT_PER_HOUR: '1000000',
    ...extraEnv,
  };
  // BENCH_CPU_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROFILE;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  const server = await startNode(path.join(ROOT, 'apps/server/src/server.ts'), env, '/readyz', port, flags);
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { ...server, stop, jwtSecret, env };
}

/** A Fastify app with one constant route: what the framework and the loopback cost by themselves. */
export async function startTrivialServer(): Promise<RunningProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, PORT: String(port) };
  return startNode(path.join(ROOT, 'scripts/bench/trivial-server.ts'), env, '/ping', port);
}

/** The bare node:http server that replays a read path's statements (bare-server.ts): the Node.js floor. */
export async function startBareServer(databaseUrl: string): Promise<RunningProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, PORT: String(port), DATABASE_URL: databaseUrl, ...poolSize };
  return startNode(path.join(ROOT, 'scripts/bench/bare-server.ts'), env, '/ping', port);
}

/** The webhook receiver of the fan-out rows (webhook-receiver.ts): 204 to every delivery, counted. */
export async function startWebhookReceiver(): Promise<RunningProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, PORT: String(port) };
  return startNode(path.join(ROOT, 'scripts/bench/webhook-receiver.ts'), env, '/count', port);
}
