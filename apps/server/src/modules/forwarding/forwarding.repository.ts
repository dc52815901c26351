import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Department } from '@switchboard/shared';
import { boundedCount, cappedCount } from '../../db/bounded-count.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import type { Db } from '../../db/client.ts';
import { forwardChainMembers, forwardEvents, tickets, users } from '../../db/schema.ts';
import { TICKET_LIST_COLUMNS, type TicketPage } from '../tickets/ticket-list.repository.ts';
import { userNameOf } from '../tickets/tickets.repository.ts';

export type ForwardEventRow = typeof forwardEvents.$inferSelect;

/** The forwards of a ticket (its forwarder_history), oldest first. */
/** A ticket's forwards, oldest first (read on every ticket view by staff). */
const forwardHistory = preparedPerDatabase((db) =>
  db
    .select()
    .from(forwardEvents)
    .where(eq(forwardEvents.ticketId, sql.placeholder('ticketId')))
    .orderBy(asc(forwardEvents.createdAt), asc(forwardEvents.id))
    .prepare('forward_history'),
);

export async function listForwardHistory(db: Db, ticketId: number): Promise<ForwardEventRow[]> {
  return forwardHistory(db).execute({ ticketId });
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

/**
 * Moves every forward of ticket `from` onto ticket `into` (a merge, DESIGN.md §27), each keeping its
 * created_at and marked with the ticket it was made on (an earlier merge's mark stays). The triggers
 * of forward-chain.sql rebuild both tickets' chain rows from the old and the new rows: the source
 * leaves the forward chains, the target is in every chain either ticket was in.
 */
export async function moveForwardEvents(db: Db, from: number, into: number): Promise<void> {
  await db
    .update(forwardEvents)
    .set({ ticketId: into, fromTicketId: sql`coalesce(${forwardEvents.fromTicketId}, ${from})` })
    .where(eq(forwardEvents.ticketId, from));
}

/**
 * One page of the tickets in a department's forward chains, the most recently forwarded first,
 * and their number. forward_chain_members holds one row per (department, ticket) with the ticket's
 * last forward, kept by triggers on forward_events (forward-chain.sql), so the page is a range of
 * forward_chain_members_recent and only its ten tickets are read from the tickets table; the count
 * is bounded as the ticket list's is (exact up to EXACT_COUNT_LIMIT, the planner's estimate beyond).
 */
export async function listForwardChainPage(db: Db, department: Department, offset: number, limit: number): Promise<TicketPage> {
  const count = chainCount(db);
  const [rows, counted] = await Promise.all([
    chainPage(db).execute({ department, offset, limit }),
    boundedCount(db, forwardChainMembers, eq(forwardChainMembers.department, department), {
      key: `forward_chain_count\u0000${department}`,
      run: async () => (await count.execute({ department }))[0]?.total ?? 0,
    }),
  ]);
  return { rows, total: counted.total, totalIsEstimate: counted.estimated };
}

const inChain = () => eq(forwardChainMembers.department, sql.placeholder('department'));

/** A page of a department's chain with its tickets' rows, prepared once (department, offset and limit as placeholders). */
const chainPage = preparedPerDatabase((db) => {
  const page = db
    .select({ ticketId: forwardChainMembers.ticketId, forwardedAt: forwardChainMembers.lastForwardedAt })
    .from(forwardChainMembers)
    .where(inChain())
    .orderBy(desc(forwardChainMembers.lastForwardedAt), desc(forwardChainMembers.ticketId))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .as('page');
  return db
    .select({ ...TICKET_LIST_COLUMNS, assigneeName: userNameOf(tickets.assigneeUserId), issuerName: users.name })
    .from(page)
    .innerJoin(tickets, eq(tickets.ticketId, page.ticketId))
    .leftJoin(users, eq(users.id, tickets.issuerUserId))
    .orderBy(desc(page.forwardedAt), desc(tickets.ticketId))
    .prepare('forward_chain_page');
});

/** The bounded count of a department's chain, prepared once. */
const chainCount = preparedPerDatabase((db) => cappedCount(db, forwardChainMembers, inChain()).prepare('forward_chain_count'));
