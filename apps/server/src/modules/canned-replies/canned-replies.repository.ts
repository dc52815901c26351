/** SQL of the canned replies (DESIGN.md §19): a short table staff read by title. */
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Department } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { cannedReplies, users } from '../../db/schema.ts';

export type CannedReplyRow = typeof cannedReplies.$inferSelect;
export type NewCannedReplyRow = typeof cannedReplies.$inferInsert;

export interface CannedReplyView extends CannedReplyRow {
  createdByName: string | null;
}

/** Which replies a list reads: the shared ones and those of `departments` (null: every reply). */
export interface CannedReplyScope {
  departments: Department[] | null;
  q?: string | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function whereOf(scope: CannedReplyScope): SQL | undefined {
  const visible =
    scope.departments === null
      ? undefined
      : scope.departments.length === 0
        ? isNull(cannedReplies.department)
        : or(isNull(cannedReplies.department), inArray(cannedReplies.department, scope.departments));
  if (!scope.q) return visible;
  const pattern = `%${escapeLike(scope.q)}%`;
  const matches = or(
    ilike(cannedReplies.title, pattern),
    ilike(cannedReplies.bodyEn, pattern),
    ilike(cannedReplies.bodyBn, pattern),
  );
  return and(visible, matches);
}

function selectViews(db: Db) {
  return db
    .select({ reply: cannedReplies, createdByName: users.name })
    .from(cannedReplies)
    .leftJoin(users, eq(users.id, cannedReplies.createdBy));
}

/** One page of the replies in scope, by title (then id, so that pages never overlap). */
export async function listCannedReplyPage(
  db: Db,
  scope: CannedReplyScope,
  offset: number,
  limit: number,
): Promise<{ rows: CannedReplyView[]; total: number }> {
  const where = whereOf(scope);
  const rows = await selectViews(db)
    .where(where)
    .orderBy(asc(sql`lower(${cannedReplies.title})`), asc(cannedReplies.id))
    .offset(offset)
    .limit(limit);
  const [counted] = await db.select({ total: count() }).from(cannedReplies).where(where);
  return { rows: rows.map((row) => ({ ...row.reply, createdByName: row.createdByName })), total: counted?.total ?? 0 };
}

export async function findCannedReplyView(db: Db, id: string): Promise<CannedReplyView | undefined> {
  const [row] = await selectViews(db).where(eq(cannedReplies.id, id));
  return row ? { ...row.reply, createdByName: row.createdByName } : undefined;
}

/** Reads a reply and locks it until the transaction ends, so a check and its write see the same row. */
export async function lockCannedReply(db: Db, id: string): Promise<CannedReplyRow | undefined> {
  const [row] = await db.select().from(cannedReplies).where(eq(cannedReplies.id, id)).for('update');
  return row;
}

export async function insertCannedReply(db: Db, row: NewCannedReplyRow): Promise<CannedReplyRow> {
  const [inserted] = await db.insert(cannedReplies).values(row).returning();
  if (!inserted) throw new Error('insert into canned_replies returned no row');
  return inserted;
}

export async function updateCannedReply(
  db: Db,
  id: string,
  fields: Pick<NewCannedReplyRow, 'title' | 'bodyEn' | 'bodyBn' | 'department'>,
): Promise<void> {
  await db
    .update(cannedReplies)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(cannedReplies.id, id));
}

export async function deleteCannedReplyRow(db: Db, id: string): Promise<void> {
  await db.delete(cannedReplies).where(eq(cannedReplies.id, id));
}
