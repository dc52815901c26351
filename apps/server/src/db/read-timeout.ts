/** A time limit on the statements of one read (the database's own figures for /metrics). */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs `work` in a transaction of its own whose every statement PostgreSQL cancels after `ms`
 * milliseconds (`SET LOCAL`: the connection goes back to the pool without the limit). The
 * transaction holds one connection: statements of `work` run one after the other on it. PGlite
 * accepts the setting but never cancels (it has no timer signals); its one connection runs one
 * statement at a time anyway.
 */
export function withStatementTimeout<T>(db: Db, ms: number, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(ms))}`));
    return work(tx);
  });
}

/** PostgreSQL's query_canceled (57014): the statement ran past its statement_timeout. */
export function isStatementTimeout(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '57014') return true;
  }
  return false;
}
