/** Databases at an earlier migration, for tests of what a later migration does to existing rows. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { createEmptyDatabase, type DatabaseKind } from './test-databases.ts';

/** A copy of the migrations that ends with `tag`, as a desk of an earlier version has them. */
export function migrationsUpTo(migrationsFolder: string, tag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** An empty database of `kind` and its migrator, without the app (which would migrate to the end). */
export async function openEmptyDatabase(kind: DatabaseKind) {
  if (kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client, { schema });
    return { db: db as Db, migrate: (folder: string) => migrate(db, { migrationsFolder: folder }), close: () => client.close() };
  }
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const empty = await createEmptyDatabase();
  const pool = new pg.Pool({ connectionString: empty.url });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  return {
    db: db as Db,
    migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await empty.drop();
    },
  };
}

/**
 * A database of `kind` upgraded across a migration: migrated up to `before`, given `history` as the
 * earlier version wrote it, looked at by `beforeUpgrade` (what the test compares with), then
 * migrated to the end.
 */
export async function upgradedDatabase(
  kind: DatabaseKind,
  before: string,
  history: SQL[],
  beforeUpgrade?: (db: Db) => Promise<void>,
): Promise<{ db: Db; close(): Promise<void> }> {
  const database = await openEmptyDatabase(kind);
  const previous = migrationsUpTo(MIGRATIONS_FOLDER, before);
  try {
    await database.migrate(previous.folder);
  } finally {
    previous.remove();
  }
  for (const statement of history) await database.db.execute(statement);
  await beforeUpgrade?.(database.db);
  await database.migrate(MIGRATIONS_FOLDER);
  return database;
}
