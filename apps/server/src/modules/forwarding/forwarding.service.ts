/**
 * Forwarding between departments (DESIGN.md §6): the forward and the forwarded-tickets list. The
 * forward's rules are the workflow's (tickets/ticket-workflow.ts). It locks the ticket row first
 * and checks the rules on what it locked, so two people acting on one ticket at the same moment
 * cannot both succeed.
 */
import {
  AppError,
  canForwardTickets,
  canSeeForwardedTickets,
  DEPARTMENT_LABELS,
  departmentOf,
  PAGE_SIZE,
  type ForwardTicketBody,
  type IssuedTo,
  type TicketListReply,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type * as auth from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { insertComment } from '../comments/comments.repository.ts';
import { publishEvents } from '../events/publish.ts';
import { pageLinks } from '../../lib/pages.ts';
import { presentTicketListItem } from '../tickets/ticket-presenter.ts';
import { checkForward, checkNotMerged, statusAfterForward } from '../tickets/ticket-workflow.ts';
import { lockTicket, updateTicketHolder } from '../tickets/tickets.repository.ts';
import { insertForwardEvent, listForwardChainPage } from './forwarding.repository.ts';

export interface ForwardingContext {
  db: Db;
}

/**
 * A forward as asked. Without `previously_issued_to` (a bulk forward, whose selection may span
 * holders) the ticket is forwarded from the holder it has when it is locked; every other rule holds.
 */
export type ForwardRequest = Omit<ForwardTicketBody, 'previously_issued_to'> & { previously_issued_to?: IssuedTo };

/**
 * Forwards a ticket: appends the forward event, changes the holder, adds the internal comment
 * 'Forwarded to {target}' and moves open → in_progress, in one transaction. A solved ticket stays
 * solved (Resolve & Forward to cc). The note is part of the ticket's record, stored in English and
 * shown as stored like every comment; it is not a reply, so it takes no message key.
 */
export async function forwardTicket(ctx: ForwardingContext, actor: auth.Actor, body: ForwardRequest, ip: string): Promise<void> {
  if (!canForwardTickets(actor)) throw new AppError('forbidden', 'forwarding.staffOnly');
  await ctx.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, body.ticket_id);
    if (!ticket) throw new AppError('not_found', 'tickets.notFound');
    // A merged ticket is closed, but not for Resolve & Forward: its conversation went on elsewhere.
    checkNotMerged(ticket);
    checkForward(actor, ticket, { ...body, previously_issued_to: body.previously_issued_to ?? ticket.issuedTo });
    const target = body.newly_issued_to;
    await insertForwardEvent(tx, {
      ticketId: ticket.ticketId,
      previouslyIssuedTo: ticket.issuedTo,
      newlyIssuedTo: target,
      forwardCause: body.forward_cause,
      isInForwardLoop: body.is_in_forward_loop,
      forwardedBy: actor.id,
      forwardedByName: actor.name,
    });
    const status = statusAfterForward(ticket);
    await updateTicketHolder(tx, ticket.ticketId, target, status);
    const note = await insertComment(tx, {
      ticketId: ticket.ticketId,
      commenterUserId: actor.id,
      commenterName: actor.name,
      commenterUserType: actor.user_type,
      message: `Forwarded to ${DEPARTMENT_LABELS[target]}`,
      isInternal: true,
    });
    // The second step of Resolve & Forward is a forward of a closed ticket: its details say so.
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'ticket.forward',
      target: `ticket:${ticket.ticketId}`,
      ip,
      details: {
        from: ticket.issuedTo,
        to: target,
        in_forward_loop: body.is_in_forward_loop,
        resolve_and_forward: ticket.ticketStatus === 'closed',
      },
    });
    // The holder is staff's to know; the issuer hears of the forward only when it moved the status.
    const heard = { ticket_id: ticket.ticketId, issuer_user_id: ticket.issuerUserId };
    await publishEvents(tx, [
      { event: 'ticket.changed', ...heard, internal: status === ticket.ticketStatus },
      { event: 'comment.added', ...heard, comment_id: note.id, internal: true },
    ]);
  });
}

/**
 * One page (1-based) of the tickets in the viewer's department's forward chains, the most
 * recently forwarded first, in the reply shape of the ticket list.
 */
export async function listForwardChainTickets(
  ctx: ForwardingContext,
  viewer: auth.Actor,
  page: number,
): Promise<TicketListReply> {
  const department = canSeeForwardedTickets(viewer) ? departmentOf(viewer.user_type) : null;
  if (!department) throw new AppError('forbidden', 'forwarding.chainStaffOnly');
  const { rows, total, totalIsEstimate } = await listForwardChainPage(ctx.db, department, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  return {
    data: rows.map((row) => presentTicketListItem(viewer, row)),
    total_tickets: total,
    total_is_estimate: totalIsEstimate,
    ...pageLinks(page, total),
  };
}
