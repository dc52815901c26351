/** Calls and database reads shared by the incident tests. */
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreateIncidentInput, IncidentDetail, Ticket, TicketByIdReply } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { auditLog, comments, tickets } from '../../db/schema.ts';

export type Headers = Record<string, string>;

export function incidentCalls(app: FastifyInstance) {
  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    suggestions: (headers: Headers) => inject('GET', '/incidents/suggestions', headers),
    create: (headers: Headers, body: Partial<CreateIncidentInput> | Record<string, unknown>) =>
      inject('POST', '/incidents', headers, body),
    list: (headers: Headers, query = '') => inject('GET', `/incidents${query}`, headers),
    get: (headers: Headers, id: number | string) => inject('GET', `/incidents/${id}`, headers),
    link: (headers: Headers, id: number | string, ticketIds: unknown) =>
      inject('POST', `/incidents/${id}/tickets`, headers, { ticket_ids: ticketIds }),
    unlink: (headers: Headers, id: number | string, ticketId: number | string) =>
      inject('DELETE', `/incidents/${id}/tickets/${ticketId}`, headers),
    resolve: (headers: Headers, id: number | string, message: unknown = 'The fibre is repaired; service is back.') =>
      inject('POST', `/incidents/${id}/resolve`, headers, { resolution_message: message }),
    update: (headers: Headers, id: number | string, body: Record<string, unknown>) =>
      inject('PATCH', `/incidents/${id}`, headers, body),
    dismiss: (headers: Headers, body: Record<string, unknown>) => inject('POST', '/incidents/suggestions/dismiss', headers, body),
    publicNotes: (query = '') => inject('GET', `/incidents/public-notes${query}`, {}),
    view: async (headers: Headers, ticketId: number): Promise<Ticket> => {
      const reply = await inject('GET', `/tickets/get-ticket-by-id/${ticketId}`, headers);
      const ticket = reply.json<TicketByIdReply>().data[0];
      if (!ticket) throw new Error(`no ticket ${ticketId}: ${reply.body}`);
      return ticket;
    },
    detail: async (headers: Headers, id: number): Promise<IncidentDetail> => {
      const reply = await inject('GET', `/incidents/${id}`, headers);
      if (reply.statusCode !== 200) throw new Error(`incident ${id} answered ${reply.statusCode}: ${reply.body}`);
      return reply.json<{ data: IncidentDetail }>().data;
    },
  };
}

/** Status, incident and comments of a ticket as stored. */
export async function storedTicket(db: Db, ticketId: number) {
  const [ticket] = await db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
  if (!ticket) throw new Error(`no ticket ${ticketId}`);
  const notes = await db.select().from(comments).where(eq(comments.ticketId, ticketId)).orderBy(asc(comments.createdAt));
  return {
    status: ticket.ticketStatus,
    issuedTo: ticket.issuedTo,
    incidentId: ticket.incidentId,
    resolvedAt: ticket.resolvedAt,
    comments: notes.map((note) => ({ message: note.message, internal: note.isInternal, by: note.commenterName })),
  };
}

/** The audit rows of one incident, oldest first. */
export async function auditOf(db: Db, incidentId: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, `incident:${incidentId}`), like(auditLog.action, 'incident.%')))
    .orderBy(asc(auditLog.at));
  return rows.map((row) => ({ action: row.action, actor: row.actorUserId, details: row.details }));
}

/** The audit rows of one ticket, in the order of their actions (one transaction's rows share their time). */
export async function ticketAuditOf(db: Db, ticketId: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `ticket:${ticketId}`))
    .orderBy(asc(auditLog.action), asc(auditLog.at));
  return rows.map((row) => ({ action: row.action, actor: row.actorUserId, details: row.details }));
}
