/**
 * A primary and a streaming standby of the failover drill's own (DESIGN.md §29): initdb, a
 * replication entry in pg_hba, `pg_basebackup -R` for the standby, then synchronous commit to it,
 * so that a commit is acknowledged only once the standby has it. Each on its own loopback port;
 * as root both belong to the `postgres` user. `destroy` removes both whatever state they are in.
 */
import { execFile, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../bench/processes.ts';
import { binFolder } from '../faults/cluster.ts';
import { withClient } from '../faults/seed.ts';
import { sleep } from '../faults/server-process.ts';

/** The standby's name in synchronous_standby_names (its walreceiver's application_name). */
const STANDBY_NAME = 'switchboard_standby';

export interface ReplicatedPostgres {
  primaryPort: number;
  standbyPort: number;
  /** DATABASE_URL listing both hosts, primary first. */
  url: string;
  /** The primary's own URL, for setting up (node-postgres reads one host). */
  primaryUrl: string;
  /** The standby's own URL (whichever role it has). */
  standbyUrl: string;
  /** kill -9 of the primary's postmaster: as a machine that loses power, its backends die with it. */
  killPrimary(): void;
  /** `pg_ctl promote`: the standby ends recovery and accepts writes. */
  promoteStandby(): Promise<void>;
  destroy(): void;
}

export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const bin = binFolder();
  const asRoot = userInfo().uid === 0;
  const owner = asRoot ? 'postgres' : userInfo().username;
  const root = mkdtempSync(path.join(tmpdir(), 'switchboard-failover-pg-'));
  if (asRoot) spawnSync('chown', ['-R', `${owner}:`, root]);
  const [primaryData, standbyData] = [path.join(root, 'primary'), path.join(root, 'standby')];
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', owner, '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
  const run = (program: string, args: string[], check = true) => {
    const [file, fullArgs] = command(program, args);
    const result = spawnSync(file, fullArgs, { encoding: 'utf8' });
    if (check && result.status !== 0) throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  const startArgs = (data: string, port: number, extra: string) => [
    ...['-D', data, '-l', path.join(root, `${path.basename(data)}.log`), '-w', '-t', '60', 'start'],
    ...['-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=60 ${extra}`],
  ];
  const stopAll = () => {
    for (const data of [primaryData, standbyData]) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], false);
  };
  try {
    run('initdb', ['-D', primaryData, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-instructions']);
    appendFileSync(path.join(primaryData, 'pg_hba.conf'), '\nhost replication postgres 127.0.0.1/32 trust\n');
    run('pg_ctl', startArgs(primaryData, primaryPort, '-c wal_level=replica -c max_wal_senders=4 -c synchronous_commit=on'));
    const primaryAdmin = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    await withClient(primaryAdmin, (client) => client.query('create database switchboard'));
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyData,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    run('pg_ctl', startArgs(standbyData, standbyPort, `-c cluster_name=${STANDBY_NAME}`));
    // From now on a commit waits for the standby to have it.
    await withClient(primaryAdmin, async (client) => {
      await client.query(`alter system set synchronous_standby_names = '${STANDBY_NAME}'`);
      await client.query('select pg_reload_conf()');
    });
    await waitForSynchronousStandby(primaryAdmin);
  } catch (error) {
    stopAll();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    primaryPort,
    standbyPort,
    url: `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/switchboard`,
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/switchboard`,
    standbyUrl: `postgres://postgres@127.0.0.1:${standbyPort}/switchboard`,
    killPrimary: () => {
      const pid = Number(readFileSync(path.join(primaryData, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    },
    promoteStandby: async () => {
      const [file, args] = command('pg_ctl', ['-D', standbyData, '-w', '-t', '30', 'promote']);
      await promisify(execFile)(file, args);
    },
    destroy: () => {
      stopAll();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function waitForSynchronousStandby(primaryAdmin: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const states = await withClient(primaryAdmin, async (client) => {
      const { rows } = await client.query<{ sync_state: string }>('select sync_state from pg_stat_replication');
      return rows.map((row) => row.sync_state);
    });
    if (states.includes('sync')) return;
    await sleep(100);
  }
  throw new Error('the standby did not become synchronous within 20 s');
}
