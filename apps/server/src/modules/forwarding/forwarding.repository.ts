import { and, countDistinct, desc, eq, exists, notExists, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { forwardEvents, tickets, users } from '../../db/schema.ts';
import { TICKET_LIST_COLUMNS, type TicketListRow, type TicketRow } from '../tickets/tickets.repository.ts';

/**
 * Reads a ticket and locks its row until the transaction ends, so that two forwards (or a forward
 * and a resolve) of the same ticket run one after the other: the second one sees the first one's
 * holder and status and is refused instead of overwriting them.
 */
export async function lockTicket(db: Db, ticketId: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.ticketId, ticketId)).for('update');
  return row;
}

export async function insertForwardEvent(
  db: Db,
  event: Pick<
    typeof forwardEvents.$inferInsert,
    'ticketId' | 'previouslyIssuedTo' | 'newlyIssuedTo' | 'forwardCause' | 'isInForwardLoop' | 'forwardedBy' | 'forwardedByName'
  >,
): Promise<void> {
  // The clock, not now() (the transaction's start): the event is stamped after the row lock was
  // granted, so forwards of one ticket are ordered as they were committed.
  await db.insert(forwardEvents).values({ ...event, createdAt: sql`clock_timestamp()` });
}

export async function updateTicketHolder(db: Db, ticketId: number, issuedTo: string, ticketStatus: string): Promise<void> {
  await db
    .update(tickets)
    .set({ issuedTo, ticketStatus, updatedAt: sql`now()` })
    .where(eq(tickets.ticketId, ticketId));
}

export async function closeTicket(db: Db, ticketId: number): Promise<void> {
  await db
    .update(tickets)
    .set({ ticketStatus: 'closed', resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(tickets.ticketId, ticketId));
}

/**
 * The forwards that put a ticket into a department's chain: the department received it, or
 * forwarded it and stayed in the loop. Each arm is served by its own index (forward_events_recipient,
 * forward_events_forwarder_loop).
 */
function inChainOf(events: Record<'newlyIssuedTo' | 'previouslyIssuedTo' | 'isInForwardLoop', AnyPgColumn>, department: string) {
  return or(
    eq(events.newlyIssuedTo, department),
    and(eq(events.previouslyIssuedTo, department), eq(events.isInForwardLoop, true)),
  );
}

/**
 * One page of the tickets in a department's forward chains, the most recently forwarded first,
 * and their number. The page walks the forward events newest first and keeps each ticket's newest
 * event when the ticket is in the chain (both checks are correlated lookups on
 * forward_events_ticket), so a ticket forwarded many times is one row and only the page's ten
 * tickets are read from the tickets table. The count reads the two chain indexes.
 */
export async function listForwardChainPage(
  db: Db,
  department: string,
  offset: number,
  limit: number,
): Promise<{ rows: TicketListRow[]; total: number }> {
  const event = alias(forwardEvents, 'event');
  const chain = alias(forwardEvents, 'chain');
  const newer = alias(forwardEvents, 'newer');
  const page = db
    .select({ ticketId: event.ticketId, forwardedAt: event.createdAt })
    .from(event)
    .where(
      and(
        exists(
          db
            .select({ one: sql`1` })
            .from(chain)
            .where(and(eq(chain.ticketId, event.ticketId), inChainOf(chain, department))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newer)
            .where(
              and(eq(newer.ticketId, event.ticketId), sql`(${newer.createdAt}, ${newer.id}) > (${event.createdAt}, ${event.id})`),
            ),
        ),
      ),
    )
    .orderBy(desc(event.createdAt), desc(event.ticketId))
    .offset(offset)
    .limit(limit)
    .as('page');

  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...TICKET_LIST_COLUMNS, issuerName: users.name })
      .from(page)
      .innerJoin(tickets, eq(tickets.ticketId, page.ticketId))
      .leftJoin(users, eq(users.id, tickets.issuerUserId))
      .orderBy(desc(page.forwardedAt), desc(tickets.ticketId)),
    db
      .select({ total: countDistinct(forwardEvents.ticketId) })
      .from(forwardEvents)
      .where(inChainOf(forwardEvents, department)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
