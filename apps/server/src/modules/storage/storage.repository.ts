import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Db, row: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(row);
}

export async function findUpload(db: Db, key: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  return row;
}

export async function findUploads(db: Db, keys: string[]): Promise<UploadRow[]> {
  if (keys.length === 0) return [];
  return db.select().from(uploads).where(inArray(uploads.key, keys));
}

/** Records the bytes of a granted upload once; false when the grant is unknown or already used. */
export async function markUploadStored(db: Db, key: string, fields: { size: number; contentType: string }): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ storedAt: sql`now()`, size: fields.size, contentType: fields.contentType })
    .where(and(eq(uploads.key, key), isNull(uploads.storedAt)))
    .returning({ key: uploads.key });
  return rows.length === 1;
}

/** Marks uploads as attached to `usedBy`; returns how many were still free (a concurrent claim loses). */
export async function markUploadsUsed(db: Db, keys: string[], usedBy: string): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .update(uploads)
    .set({ usedBy, storedAt: sql`coalesce(${uploads.storedAt}, now())` })
    .where(and(inArray(uploads.key, keys), isNull(uploads.usedBy)))
    .returning({ key: uploads.key });
  return rows.length;
}

/** Deletes up to `limit` unused grants older than `before` and returns their keys. */
export async function deleteUnusedUploads(db: Db, before: Date, limit: number): Promise<string[]> {
  const stale = db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(isNull(uploads.usedBy), lt(uploads.createdAt, before)))
    .limit(limit);
  // used_by is checked again on the row itself, so an upload attached meanwhile survives.
  const rows = await db
    .delete(uploads)
    .where(and(inArray(uploads.key, stale), isNull(uploads.usedBy)))
    .returning({ key: uploads.key });
  return rows.map((row) => row.key);
}
