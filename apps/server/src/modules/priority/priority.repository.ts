import { eq, sql } from 'drizzle-orm';
import type { TicketPriority } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';

/** Sets the ticket's priority; a change of the ticket like any other, so its last activity moves. */
export async function updateTicketPriority(db: Db, ticketId: number, priority: TicketPriority): Promise<void> {
  await db
    .update(tickets)
    .set({ priority, updatedAt: sql`now()` })
    .where(eq(tickets.ticketId, ticketId));
}
