/** SQL of the API clients (DESIGN.md §21): a short table admins page through, and the token check's read. */
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { apiClients, users } from '../../db/schema.ts';

export type ApiClientRow = typeof apiClients.$inferSelect;
export type NewApiClientRow = typeof apiClients.$inferInsert;

export interface ApiClientView extends ApiClientRow {
  createdByName: string | null;
}

function selectViews(db: Db) {
  return db
    .select({ client: apiClients, createdByName: users.name })
    .from(apiClients)
    .leftJoin(users, eq(users.id, apiClients.createdBy));
}

const viewOf = (row: { client: ApiClientRow; createdByName: string | null }): ApiClientView => ({
  ...row.client,
  createdByName: row.createdByName,
});

/** One page of every client, revoked ones too, newest first (then id, so that pages never overlap). */
export async function listApiClientPage(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ rows: ApiClientView[]; total: number }> {
  const rows = await selectViews(db).orderBy(desc(apiClients.createdAt), desc(apiClients.id)).offset(offset).limit(limit);
  const [counted] = await db.select({ total: count() }).from(apiClients);
  return { rows: rows.map(viewOf), total: counted?.total ?? 0 };
}

export async function findApiClientView(db: Db, id: string): Promise<ApiClientView | undefined> {
  const [row] = await selectViews(db).where(eq(apiClients.id, id));
  return row && viewOf(row);
}

/**
 * The clients whose tokens still work (not revoked, not expired). Takes a transaction-long lock
 * first, so that two creations at the same moment cannot both pass the limit.
 */
export async function countActiveClientsLocked(tx: Db): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('api_clients'))`);
  const [counted] = await tx
    .select({ total: count() })
    .from(apiClients)
    .where(and(isNull(apiClients.revokedAt), or(isNull(apiClients.expiresAt), gt(apiClients.expiresAt, sql`now()`))));
  return counted?.total ?? 0;
}

export async function insertApiClient(db: Db, row: NewApiClientRow): Promise<ApiClientRow> {
  const [inserted] = await db.insert(apiClients).values(row).returning();
  if (!inserted) throw new Error('insert into api_clients returned no row');
  return inserted;
}

/** Revokes a client unless it already is; undefined when there is no such client. */
export async function revokeApiClientRow(db: Db, id: string): Promise<{ wasRevoked: boolean } | undefined> {
  const [locked] = await db
    .select({ revokedAt: apiClients.revokedAt })
    .from(apiClients)
    .where(eq(apiClients.id, id))
    .for('update');
  if (!locked) return undefined;
  if (locked.revokedAt) return { wasRevoked: true };
  await db.update(apiClients).set({ revokedAt: new Date() }).where(eq(apiClients.id, id));
  return { wasRevoked: false };
}

/** The token check's one read: the client by primary key, with its account (also by primary key). */
const clientForToken = preparedPerDatabase((db) =>
  db
    .select({ client: apiClients, account: users })
    .from(apiClients)
    .innerJoin(users, eq(users.id, apiClients.userId))
    .where(eq(apiClients.id, sql.placeholder('id')))
    .prepare('api_client_for_token'),
);

export async function findClientForToken(db: Db, id: string) {
  const [row] = await clientForToken(db).execute({ id });
  return row;
}

/**
 * Notes a use of the client, unless one was noted in the last minute: a client calling many times
 * a second writes its row about once a minute, whichever process serves it.
 */
export async function touchApiClient(db: Db, id: string): Promise<void> {
  await db
    .update(apiClients)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(eq(apiClients.id, id), or(isNull(apiClients.lastUsedAt), lt(apiClients.lastUsedAt, sql`now() - interval '1 minute'`))),
    );
}
