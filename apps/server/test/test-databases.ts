/**
 * Every suite gets a database of its own: a fresh in-memory PGlite, and, when TEST_DATABASE_URL is
 * set, also a fresh database on that PostgreSQL server (created here, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: null });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `switchboard_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
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
