/**
 * Every suite gets a database of its own: a fresh in-memory PGlite, and, when TEST_DATABASE_URL is
 * set, also a fresh database on that PostgreSQL server (created here, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: null });
  const empty = await createEmptyDatabase();
  const database = await openDatabase({ url: empty.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * A database of `kind` for the enclosing describe block: opened before its tests, closed after.
 * The getter it returns throws while the database is not open.
 */
export function useTestDatabase(kind: DatabaseKind): () => Db {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('the database is not open');
    return database.db;
  };
}

/** A new, empty database on the TEST_DATABASE_URL server: its address, and a way to drop it. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `switchboard_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient(adminUrl, (client) => dropWhenClosed(client, name)),
  };
}

/**
 * A pool's `end()` resolves before its sockets have closed; forcing the drop then would kill those
 * connections mid-goodbye and raise an error nobody listens for. Wait for them (briefly) first.
 */
async function dropWhenClosed(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await client.query<{ open: number }>(
      'select count(*)::int as open from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]?.open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await client.query(`drop database if exists ${name} with (force)`);
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
