/**
 * A disposable PostgreSQL cluster of the fault run's own: initdb into a temporary folder, its own
 * loopback port and socket folder, so that stopping or crashing it harms nothing else on the machine.
 * initdb refuses to run as root; as root the cluster belongs to the `postgres` user.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../bench/processes.ts';

export interface Cluster {
  url: string;
  port: number;
  /** Fast shutdown, or a crash (`immediate`: no checkpoint, as if the machine lost power). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts again; resolves once the cluster accepts connections. */
  start(): Promise<void>;
  destroy(): void;
}

/** The folder of PostgreSQL's programs: PG_BIN, or the newest under /usr/lib/postgresql. */
export function binFolder(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL programs not found: install postgresql or set PG_BIN');
}

export async function createCluster(): Promise<Cluster> {
  const bin = binFolder();
  const asRoot = userInfo().uid === 0;
  const owner = asRoot ? 'postgres' : userInfo().username;
  const root = mkdtempSync(path.join(tmpdir(), 'switchboard-faults-pg-'));
  if (asRoot) execFileSync('chown', ['-R', `${owner}:`, root]);
  const dataDir = path.join(root, 'data');
  const socketDir = root;
  const logFile = path.join(root, 'postgres.log');
  const port = await freePort();

  /** Runs a PostgreSQL program as the cluster's owner. */
  const run = (program: string, args: string[], check = true) => {
    const command = asRoot ? 'runuser' : path.join(bin, program);
    const fullArgs = asRoot ? ['-u', owner, '--', path.join(bin, program), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
    if (check && result.status !== 0) throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}`);
    return result.status === 0;
  };

  /** The same, without blocking: the load of a scenario keeps running meanwhile. */
  const runAsync = async (program: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, program);
    await promisify(execFile)(command, asRoot ? ['-u', owner, '--', path.join(bin, program), ...args] : args);
  };

  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-instructions']);
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=on -c synchronous_commit=on`;
  const startArgs = ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start'];
  run('pg_ctl', startArgs);
  const url = `postgres://postgres@127.0.0.1:${port}/switchboard`;
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database switchboard');
  await admin.end();

  return {
    url,
    port,
    stop: (mode = 'fast') => runAsync('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']),
    start: () => runAsync('pg_ctl', startArgs),
    destroy: () => {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], false);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
