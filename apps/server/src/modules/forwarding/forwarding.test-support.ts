/** Calls and database reads shared by the forwarding tests. */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Department, ForwardTicketInput, Ticket, TicketByIdReply, TicketListReply } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { comments, forwardChainMembers, forwardEvents, tickets } from '../../db/schema.ts';

export type Headers = Record<string, string>;

export function workflowCalls(app: FastifyInstance) {
  return {
    forward: (headers: Headers, body: Partial<ForwardTicketInput> | Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/v1/tickets/forward-ticket', headers, payload: body }),
    resolve: (headers: Headers, ticketId: number | string) =>
      app.inject({ method: 'POST', url: '/api/v1/tickets/resolve-ticket', headers, payload: { ticket_id: ticketId } }),
    chain: (headers: Headers, page: number | string = 1) =>
      app.inject({ method: 'GET', url: `/api/v1/tickets/forward-chain-tickets/${page}`, headers }),
    view: async (headers: Headers, ticketId: number): Promise<Ticket> => {
      const reply = await app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${ticketId}`, headers });
      const ticket = reply.json<TicketByIdReply>().data[0];
      if (!ticket) throw new Error(`no ticket ${ticketId}: ${reply.body}`);
      return ticket;
    },
  };
}

/** The ids on a page of the forwarded-tickets list (fails the test on anything but 200). */
export function idsOf(reply: { statusCode: number; body: string; json: <T>() => T }): number[] {
  if (reply.statusCode !== 200) throw new Error(`forward-chain-tickets answered ${reply.statusCode}: ${reply.body}`);
  return reply.json<TicketListReply>().data.map((row) => row.ticket_id);
}

/** What a ticket's workflow left in the database: holder, status, forwards and comments. */
export async function storedWorkflow(db: Db, ticketId: number) {
  const [ticket] = await db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
  if (!ticket) throw new Error(`no ticket ${ticketId}`);
  const events = await db
    .select()
    .from(forwardEvents)
    .where(eq(forwardEvents.ticketId, ticketId))
    .orderBy(asc(forwardEvents.createdAt));
  const notes = await db.select().from(comments).where(eq(comments.ticketId, ticketId)).orderBy(asc(comments.createdAt));
  return {
    issuedTo: ticket.issuedTo,
    status: ticket.ticketStatus,
    resolvedAt: ticket.resolvedAt,
    events: events.map((event) => ({
      from: event.previouslyIssuedTo,
      to: event.newlyIssuedTo,
      cause: event.forwardCause,
      inLoop: event.isInForwardLoop,
      by: event.forwardedByName,
    })),
    comments: notes.map((note) => ({ message: note.message, internal: note.isInternal, by: note.commenterName })),
  };
}

/** A department's chain as one of its rows: the ticket and its last forward, as PostgreSQL prints it (microseconds kept). */
export interface ChainEntry {
  ticketId: number;
  lastForwardedAt: string;
}

/** The rows of forward_chain_members of one ticket, by department. */
export async function chainMembersOf(db: Db, ticketId: number): Promise<{ department: Department; lastForwardedAt: string }[]> {
  return db
    .select({
      department: forwardChainMembers.department,
      lastForwardedAt: sql<string>`${forwardChainMembers.lastForwardedAt}::text`,
    })
    .from(forwardChainMembers)
    .where(eq(forwardChainMembers.ticketId, ticketId))
    .orderBy(asc(forwardChainMembers.department));
}

/** A department's chain as forward_chain_members holds it, in the list's order. */
export async function storedChainOf(db: Db, department: Department): Promise<ChainEntry[]> {
  const rows = await db
    .select({
      ticketId: forwardChainMembers.ticketId,
      lastForwardedAt: sql<string>`${forwardChainMembers.lastForwardedAt}::text`,
    })
    .from(forwardChainMembers)
    .where(eq(forwardChainMembers.department, department))
    .orderBy(desc(forwardChainMembers.lastForwardedAt), desc(forwardChainMembers.ticketId));
  return rows.map((row) => ({ ticketId: Number(row.ticketId), lastForwardedAt: row.lastForwardedAt }));
}

/**
 * A department's chain by its definition (DESIGN.md §6), read from forward_events alone: the
 * tickets with a forward to the department, or from it staying in the loop, by their last forward.
 */
export async function chainByDefinition(db: Db, department: Department): Promise<ChainEntry[]> {
  const result: unknown = await db.execute(sql`
    select e.ticket_id as "ticketId", max(e.created_at)::text as "lastForwardedAt"
    from forward_events e
    where e.ticket_id in (
      select ticket_id from forward_events
      where newly_issued_to = ${department} or (previously_issued_to = ${department} and is_in_forward_loop))
    group by e.ticket_id
    order by max(e.created_at) desc, e.ticket_id desc`);
  // Both drivers answer `execute` with `{ rows }`.
  const { rows } = result as { rows: { ticketId: number | string; lastForwardedAt: string }[] };
  return rows.map((row) => ({ ticketId: Number(row.ticketId), lastForwardedAt: row.lastForwardedAt }));
}
