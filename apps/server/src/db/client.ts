/** Opens the database: PGlite in DATA_DIR when no DATABASE_URL is set, server PostgreSQL otherwise. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { applyRuleFiles } from './rule-files.ts';
import * as schema from './schema.ts';
import type { PoolOptions } from './writable-host.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The reads that may cost seconds (lib/expensive-reads.ts): how many run at once, and each statement's time limit. */
export interface ExpensiveReadSettings {
  concurrent: number;
  timeoutMs: number;
}

export interface Database {
  db: Db;
  /**
   * The database for expensive reads: on server PostgreSQL a pool of `concurrent` connections of its
   * own, whose every statement PostgreSQL cancels after `timeoutMs` (made on first use, the same one
   * after); on PGlite, which never cancels a statement, `db`.
   */
  reads(settings: ExpensiveReadSettings): Db;
  /** Throws when the database does not answer, or (DATABASE_URL of several hosts) none accepts writes. */
  ping(): Promise<void>;
  /**
   * Runs `work` while no other process of the desk runs its own (migrations, the demo seed): on
   * server PostgreSQL under an advisory lock, so that processes starting together do it once.
   * `lock` names other work of the same kind (the mail reader's passes: MAIL_READER_LOCK).
   */
  exclusively<T>(work: () => Promise<T>, lock?: number): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock of start-up work: any constant the desk's other locks do not use. */
// Outside the int4 range of the hashtext() keys the per-number locks use, so it never meets one.
const STARTUP_LOCK = 7_102_026_001;
/** One pass over the support mailbox at a time, in all processes (DESIGN.md §24). */
export const MAIL_READER_LOCK = 7_102_026_002;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Connections of a process's pool on server PostgreSQL (DATABASE_POOL_SIZE). More connections
 * than the database has cores to run them only queue inside PostgreSQL, where they also switch:
 * on the 2-core bench machine a pool of 10 served most reads 3–50% more than one of 20
 * (docs/decisions.md, "A pool of 10, and the server's CPU per reply").
 */
export const DEFAULT_POOL_SIZE = 10;

/** What a pool of server PostgreSQL says of its connections (for /metrics). */
export interface PoolFigures {
  max: number;
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

const poolFigures = new WeakMap<Database, () => PoolFigures>();

/** The pool's figures now; null on PGlite, which has one connection and no pool. */
export function poolFiguresOf(database: Database): PoolFigures | null {
  return poolFigures.get(database)?.() ?? null;
}

/**
 * Server PostgreSQL at `url`, or PGlite in `dataDir` (in memory when null). `image`, a dump of a
 * PGlite's data folder (`dumpDataDir`), is what an empty PGlite starts from: the tests start each
 * suite from one migrated dump instead of creating and migrating a database again.
 */
export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string | null; image?: Blob };

/** Opens the database and brings it up to date: the migrations, then the rule files (rule-files.ts). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const database =
    'url' in target
      ? await openPostgres(target.url, target.poolSize ?? DEFAULT_POOL_SIZE)
      : await openPglite(target.dataDir, target.image);
  return database;
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { openPool } = await import('./writable-host.ts');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // One host as node-postgres knows it, or several of which the writable one is used (writable-host.ts).
  const opened = (options: Omit<PoolOptions, 'connectionTimeoutMillis' | 'onChange'>) => {
    const { pool, ping } = openPool(url, { ...options, connectionTimeoutMillis: 5000, onChange: (line) => console.warn(line) });
    // A client that loses its server must not crash the process: the pool hears of idle ones, and
    // each client of its own, also while checked out (the query that was running fails and answers 503).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    return { pool, ping, db: drizzle(pool, { schema }) };
  };
  const { pool, ping, db } = opened({ max: poolSize });
  // The time limit is the connections' own, so an expensive read needs no transaction to set it.
  let readsPool: ReturnType<typeof opened> | undefined;
  const reads = (settings: ExpensiveReadSettings) => {
    readsPool ??= opened({ max: settings.concurrent, statementTimeoutMs: settings.timeoutMs });
    return readsPool.db;
  };
  const exclusively = async <T>(work: () => Promise<T>, lock = STARTUP_LOCK): Promise<T> => {
    // A session lock on a connection of its own: the work itself may use any connection of the pool.
    const holder = await pool.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [lock]);
      try {
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [lock]);
      }
    } finally {
      holder.release();
    }
  };
  await exclusively(async () => {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await applyRuleFiles(db);
  });
  const database: Database = {
    db,
    reads,
    ping,
    exclusively,
    close: async () => {
      await pool.end();
      await readsPool?.pool.end();
    },
  };
  poolFigures.set(database, () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return database;
}

async function openPglite(dataDir: string | null, image: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // Text search uses trigram indexes (migration 0008 creates the extension).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const options = { extensions: { pg_trgm }, ...(image ? { loadDataDir: image } : {}) };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await applyRuleFiles(db);
  return {
    db,
    reads: () => db,
    ping: async () => void (await db.execute(sql`select 1`)),
    // One process owns an embedded database: there is nobody to wait for.
    exclusively: (work) => work(),
    close: () => client.close(),
  };
}
