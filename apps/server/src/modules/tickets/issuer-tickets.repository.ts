/**
 * The tickets an issuer's own number raised, as an inbound SMS from that number sees them
 * (DESIGN.md §24): its open ones for STATUS, and the one an answer belongs to.
 */
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';

const unsolved = inArray(tickets.ticketStatus, ['open', 'in_progress']);
const ofIssuer = (userId: string, number: string) => and(eq(tickets.issuerUserId, userId), eq(tickets.issuerNumber, number));

/** The issuer's unsolved tickets, most recently active first, at most `limit`. */
export function listUnsolvedTicketsOfIssuer(db: Db, userId: string, number: string, limit: number) {
  return db
    .select({ ticketId: tickets.ticketId, status: tickets.ticketStatus })
    .from(tickets)
    .where(and(ofIssuer(userId, number), unsolved))
    .orderBy(desc(tickets.updatedAt), desc(tickets.ticketId))
    .limit(limit);
}

/**
 * The issuer's most recently active ticket that is unsolved, or was closed after `closedSince` and
 * not merged (a merged ticket's conversation goes on on the ticket it went into, DESIGN.md §27);
 * undefined when there is none.
 */
export async function findTicketToAnswer(db: Db, userId: string, number: string, closedSince: Date) {
  const [row] = await db
    .select({ ticketId: tickets.ticketId })
    .from(tickets)
    .where(
      and(
        ofIssuer(userId, number),
        or(unsolved, and(eq(tickets.ticketStatus, 'closed'), gt(tickets.resolvedAt, closedSince), isNull(tickets.mergedInto))),
      ),
    )
    .orderBy(desc(tickets.updatedAt), desc(tickets.ticketId))
    .limit(1);
  return row;
}
