/**
 * A ticket's priority (DESIGN.md §30): staff who may act on the ticket (its holder's, cc on any)
 * set it while it is unsolved. The write locks the ticket row and checks the rules on what it
 * locked, as a forward does, so a ticket forwarded or solved meanwhile is judged as it now is.
 */
import { AppError, actsForHolder, canSetPriority, isStaff, type SetPriorityBody, type TicketPriority } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { publishTicketEvent } from '../events/publish.ts';
import { departmentValue } from '../tickets/ticket-workflow.ts';
import { lockTicket } from '../tickets/tickets.repository.ts';
import { updateTicketPriority } from './priority.repository.ts';

export interface PriorityContext {
  db: Db;
}

/**
 * Sets the ticket's priority. Refusals: agents and customers 403; staff of another department than
 * the holder (but cc) 403; a solved ticket 409; an unknown ticket 404. Asking for the priority the
 * ticket already has changes nothing and records nothing (a double click). Audited, and announced
 * to staff only: agents and customers never learn a priority, not even that it changed.
 */
export async function setTicketPriority(
  ctx: PriorityContext,
  actor: Actor,
  ticketId: number,
  body: SetPriorityBody,
): Promise<TicketPriority> {
  if (!isStaff(actor)) throw new AppError('forbidden', 'priority.staffOnly');
  return ctx.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw new AppError('not_found', 'tickets.notFound');
    const held = { issued_to: ticket.issuedTo, ticket_status: ticket.ticketStatus };
    if (!actsForHolder(actor, held))
      throw new AppError('forbidden', 'priority.heldElsewhere', { department: departmentValue(ticket.issuedTo) });
    if (!canSetPriority(actor, held)) throw new AppError('conflict', 'priority.solved');
    if (ticket.priority === body.priority) return ticket.priority;
    await updateTicketPriority(tx, ticket.ticketId, body.priority);
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'ticket.priority',
      target: `ticket:${ticket.ticketId}`,
      ip: actor.ip,
      details: { from: ticket.priority, to: body.priority },
    });
    await publishTicketEvent(tx, {
      event: 'ticket.changed',
      ticket_id: ticket.ticketId,
      issuer_user_id: ticket.issuerUserId,
      internal: true,
    });
    return body.priority;
  });
}
