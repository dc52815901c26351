import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';

/** Puts a staff member on the ticket, or nobody (null). */
export async function updateTicketAssignee(db: Db, ticketId: number, assigneeUserId: string | null): Promise<void> {
  await db
    .update(tickets)
    .set({ assigneeUserId, updatedAt: sql`now()` })
    .where(eq(tickets.ticketId, ticketId));
}
