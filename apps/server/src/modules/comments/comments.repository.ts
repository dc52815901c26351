import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments } from '../../db/schema.ts';

export type CommentRow = typeof comments.$inferSelect;

export async function insertComment(db: Db, row: typeof comments.$inferInsert): Promise<CommentRow> {
  const [comment] = await db.insert(comments).values(row).returning();
  if (!comment) throw new Error('insert into comments returned no row');
  return comment;
}

/** Every comment of a ticket, oldest first. */
export async function listCommentsOfTicket(db: Db, ticketId: number): Promise<CommentRow[]> {
  return db.select().from(comments).where(eq(comments.ticketId, ticketId)).orderBy(asc(comments.createdAt), asc(comments.id));
}
