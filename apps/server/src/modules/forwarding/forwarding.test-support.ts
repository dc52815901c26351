/** Calls and database reads shared by the forwarding tests. */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ForwardTicketInput, Ticket, TicketByIdReply, TicketListReply } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { comments, forwardEvents, tickets } from '../../db/schema.ts';

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
