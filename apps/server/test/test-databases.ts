/**
 * Every suite gets a database of its own: a fresh in-memory PGlite, and, when TEST_DATABASE_URL is
 * set, also a fresh database on that PostgreSQL server (created here, dropped afterwards). Both
 * start as copies of one migrated database (migrated-copies.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { migratedPgliteImage, migratedTemplate, waitForNoConnections } from './migrated-copies.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: null, image: await migratedPgliteImage() });
  const copy = await createMigratedDatabase();
  const database = await openDatabase({ url: copy.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await copy.drop();
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

interface ServerDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the TEST_DATABASE_URL server: its address, and a way to drop it. */
export function createEmptyDatabase(): Promise<ServerDatabase> {
  return createServerDatabase(() => Promise.resolve(null));
}

/** A new database on the TEST_DATABASE_URL server, migrated: a copy of the migrated template. */
function createMigratedDatabase(): Promise<ServerDatabase> {
  return createServerDatabase(migratedTemplate);
}

async function createServerDatabase(templateOf: (adminUrl: string) => Promise<string | null>): Promise<ServerDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `switchboard_test_${randomBytes(6).toString('hex')}`;
  const template = await templateOf(adminUrl);
  await withAdminClient(adminUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
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
  await waitForNoConnections(client, name);
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
