import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments } from '../../db/schema.ts';

export type CommentRow = typeof comments.$inferSelect;

export async function insertComment(db: Db, row: typeof comments.$inferInsert): Promise<CommentRow> {
  const [comment] = await db.insert(comments).values(row).returning();
  if (!comment) throw new Error('insert into comments returned no row');
  return comment;
}

/** The same external comment by one author on each ticket, in one statement. */
export async function insertExternalComments(
  db: Db,
  ticketIds: number[],
  author: { userId: string; name: string; userType: (typeof comments.$inferInsert)['commenterUserType'] },
  message: string,
): Promise<void> {
  if (ticketIds.length === 0) return;
  await db.insert(comments).values(
    ticketIds.map((ticketId) => ({
      ticketId,
      commenterUserId: author.userId,
      commenterName: author.name,
      commenterUserType: author.userType,
      message,
      isInternal: false,
    })),
  );
}

/** Which comments of a ticket somebody may read: internal ones only when `withInternal`. */
export interface CommentScope {
  ticketId: number;
  withInternal: boolean;
}

function scopeOf(scope: CommentScope): SQL | undefined {
  return and(eq(comments.ticketId, scope.ticketId), scope.withInternal ? undefined : eq(comments.isInternal, false));
}

/**
 * The newest `limit` comments in the scope, newest first, and how many there are in all, in one
 * statement: the count is a window over every comment of the scope, taken before the limit.
 */
export async function listNewestCommentsWithTotal(
  db: Db,
  scope: CommentScope,
  limit: number,
): Promise<{ rows: CommentRow[]; total: number }> {
  const found = await db
    .select({ comment: comments, total: sql<number>`(count(*) over ())::int` })
    .from(comments)
    .where(scopeOf(scope))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
  return { rows: found.map((row) => row.comment), total: found[0]?.total ?? 0 };
}

/** Whether `commentId` is a comment in the scope (a cursor a reader may page from). */
export async function isCommentInScope(db: Db, scope: CommentScope, commentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(scopeOf(scope), eq(comments.id, commentId)));
  return row !== undefined;
}

/**
 * Up to `limit` comments in the scope, newest first, written before the comment `beforeId` (all
 * when absent). Ordered by (created_at, id) so that comments of the same instant page stably; the
 * cursor's time is read in SQL, as JavaScript dates would drop its microseconds.
 */
export async function listLatestComments(db: Db, scope: CommentScope, limit: number, beforeId?: string): Promise<CommentRow[]> {
  const cursor =
    beforeId === undefined
      ? undefined
      : and(
          sql`${comments.createdAt} <= (select created_at from comments where id = ${beforeId})`,
          sql`(${comments.createdAt}, ${comments.id}) < (select created_at, id from comments where id = ${beforeId})`,
        );
  return db
    .select()
    .from(comments)
    .where(and(scopeOf(scope), cursor))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}
