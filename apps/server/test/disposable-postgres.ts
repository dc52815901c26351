/**
 * A PostgreSQL server of a test's own (initdb into a temporary folder, its own loopback port), which
 * the test may make read-only, crash and throw away. As root it runs as the `postgres` user.
 * Skipped where PostgreSQL's server programs are not installed (`postgresBin()` is null).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface DisposablePostgres {
  host: string;
  port: number;
  url: string;
  /** Every session refuses writes from its next transaction on, as a standby's do. */
  setReadOnly(readOnly: boolean): Promise<void>;
  /** A crash: no checkpoint, every connection cut. */
  crash(): void;
  destroy(): void;
}

/** PG_BIN, or the newest /usr/lib/postgresql/<version>/bin; null when none is installed. */
export function postgresBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin')).find((bin) => existsSync(path.join(bin, 'initdb')));
  return found ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startDisposablePostgres(): Promise<DisposablePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL programs not found: install postgresql or set PG_BIN');
  const asRoot = userInfo().uid === 0;
  const root = mkdtempSync(path.join(tmpdir(), 'switchboard-test-pg-'));
  if (asRoot) spawnSync('chown', ['-R', 'postgres:', root]);
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  const run = (program: string, args: string[], check = true) => {
    const command = asRoot ? 'runuser' : path.join(bin, program);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
    if (check && result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-instructions']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=40 -c fsync=off`;
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(root, 'postgres.log'), '-w', '-t', '60', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = async (statements: string[]) => {
    // A session that may write whatever the server's default, to change the default back.
    const client = new pg.Client({ connectionString: url, options: '-c default_transaction_read_only=off' });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    host: '127.0.0.1',
    port,
    url,
    setReadOnly: (readOnly) =>
      admin([`alter system set default_transaction_read_only = ${readOnly ? 'on' : 'off'}`, 'select pg_reload_conf()']),
    crash: () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], false),
    destroy: () => {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], false);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
