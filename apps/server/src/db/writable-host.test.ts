/**
 * The pool of a DATABASE_URL listing several hosts uses the one that accepts writes, and finds the
 * new one after a failover (DESIGN.md §29). Against two real PostgreSQL servers of the test's own;
 * a "standby" is a server whose sessions are read-only, as a standby's are.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postgresBin, startDisposablePostgres, type DisposablePostgres } from '../../test/disposable-postgres.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../../test/test-config.ts';
import { createConsoleSms } from '../lib/sms.ts';
import { openDatabase } from './client.ts';
import { openPool, type OpenedPool } from './writable-host.ts';

const OPTIONS = { max: 4, connectionTimeoutMillis: 2000 };

describe.skipIf(!postgresBin())('a pool on the writable host of several', () => {
  let first: DisposablePostgres;
  let second: DisposablePostgres;
  const opened: OpenedPool[] = [];
  const listUrl = (hosts: DisposablePostgres[], extra = '') =>
    `postgres://postgres@${hosts.map((h) => `${h.host}:${h.port}`).join(',')}/postgres${extra}`;
  const open = (url: string, onChange?: (line: string) => void) => {
    const pool = openPool(url, { ...OPTIONS, onChange });
    pool.pool.on('error', () => undefined);
    opened.push(pool);
    return pool;
  };
  const portOf = async (pool: OpenedPool) =>
    (await pool.pool.query<{ port: number }>('select inet_server_port() as port')).rows[0]?.port;
  /** Writes until one succeeds (at most `tries`), as requests after a failover do: how many failed first. */
  const writeUntilServed = async (pool: OpenedPool, tries = 5) => {
    for (let failed = 0; failed < tries; failed++) {
      try {
        await pool.pool.query('create temporary table if not exists written (id int)');
        return failed;
      } catch {
        // A connection of the old host, or a search that came too early: the next request tries again.
      }
    }
    throw new Error(`no write succeeded in ${tries} tries`);
  };

  beforeAll(async () => {
    [first, second] = await Promise.all([startDisposablePostgres(), startDisposablePostgres()]);
  }, 120_000);
  afterAll(async () => {
    for (const pool of opened) await pool.pool.end().catch(() => undefined);
    first?.destroy();
    second?.destroy();
  });
  beforeEach(async () => {
    await first.setReadOnly(true);
    await second.setReadOnly(false);
  });

  it('connects to the host that accepts writes, wherever it is in the list', async () => {
    const lines: string[] = [];
    const pool = open(listUrl([first, second]), (line) => lines.push(line));
    expect(await portOf(pool)).toBe(second.port);
    await pool.ping();
    expect(lines).toEqual([`database: writes go to 127.0.0.1:${second.port}`]);
  });

  it('takes the first host that answers when any session will do', async () => {
    const pool = open(listUrl([first], '?target_session_attrs=any'));
    expect(await portOf(pool)).toBe(first.port);
  });

  it('leaves a single-host URL to node-postgres: a read-only host is used as before', async () => {
    const pool = open(first.url);
    expect(await portOf(pool)).toBe(first.port);
    await pool.ping();
  });

  it('is not ready while no host accepts writes, and finds the host that is promoted', async () => {
    await second.setReadOnly(true);
    const lines: string[] = [];
    const pool = open(listUrl([first, second]), (line) => lines.push(line));
    await expect(pool.ping()).rejects.toThrow(/no host of DATABASE_URL accepts writes/);
    expect(lines.at(-1)).toMatch(new RegExp(`127.0.0.1:${first.port} is read-only.*127.0.0.1:${second.port} is read-only`));
    await first.setReadOnly(false);
    await pool.ping();
    expect(await portOf(pool)).toBe(first.port);
  });

  it('drops the connections of a host demoted under it and finds the new primary', async () => {
    const pool = open(listUrl([first, second]));
    // Every connection of the pool open on the writable host.
    await Promise.all(Array.from({ length: OPTIONS.max }, () => pool.pool.query('select pg_sleep(0.05)')));
    expect(pool.pool.totalCount).toBe(OPTIONS.max);
    await second.setReadOnly(true);
    await first.setReadOnly(false);
    // The write that meets the demoted host fails; the pool lets go of all its connections there.
    expect(await writeUntilServed(pool, OPTIONS.max + 2)).toBe(1);
    expect(await portOf(pool)).toBe(first.port);
    await pool.ping();
    const ports = await Promise.all(Array.from({ length: OPTIONS.max }, () => portOf(pool)));
    expect(new Set(ports)).toEqual(new Set([first.port]));
  });
});

describe.skipIf(!postgresBin())('a pool whose primary dies', () => {
  it('answers again once another host accepts writes, without the dead one', async () => {
    const [primary, standby] = await Promise.all([startDisposablePostgres(), startDisposablePostgres()]);
    const pool = openPool(
      `postgres://postgres@${primary.host}:${primary.port},${standby.host}:${standby.port}/postgres`,
      OPTIONS,
    );
    pool.pool.on('error', () => undefined);
    try {
      await standby.setReadOnly(true);
      await Promise.all(Array.from({ length: OPTIONS.max }, () => pool.pool.query('select pg_sleep(0.05)')));
      primary.crash();
      await expect(pool.ping()).rejects.toThrow();
      await standby.setReadOnly(false);
      let served = false;
      for (let tries = 0; tries < OPTIONS.max + 2 && !served; tries++)
        served = await pool.ping().then(
          () => true,
          () => false,
        );
      expect(served).toBe(true);
      const { rows } = await pool.pool.query<{ port: number }>('select inet_server_port() as port');
      expect(rows[0]?.port).toBe(standby.port);
    } finally {
      await pool.pool.end().catch(() => undefined);
      primary.destroy();
      standby.destroy();
    }
  }, 60_000);
});

describe.skipIf(!postgresBin())('readiness on several hosts', () => {
  it('says not ready while no host accepts writes, and ready once one is promoted', async () => {
    const [primary, standby] = await Promise.all([startDisposablePostgres(), startDisposablePostgres()]);
    await standby.setReadOnly(true);
    const database = await openDatabase({
      url: `postgres://postgres@${primary.host}:${primary.port},${standby.host}:${standby.port}/postgres`,
      poolSize: 3,
    });
    const app = await buildApp(testConfig(), database, {
      logger: false,
      sms: createConsoleSms(() => undefined),
      webhooks: { autostart: false, resolve: async () => [] },
      broadcasts: { autostart: false },
      satisfaction: { autostart: false },
      jobs: { autostart: false },
    });
    const readiness = async () => (await app.inject({ url: '/readyz' })).statusCode;
    try {
      expect(await readiness()).toBe(200);
      await primary.setReadOnly(true);
      expect(await readiness()).toBe(503);
      expect(await readiness()).toBe(503);
      await standby.setReadOnly(false);
      expect(await readiness()).toBe(200);
    } finally {
      await app.close();
      await database.close();
      primary.destroy();
      standby.destroy();
    }
  }, 120_000);
});
