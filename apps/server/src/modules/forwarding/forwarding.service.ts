/**
 * The workflow between departments (DESIGN.md §6): forward, resolve, and the forwarded-tickets
 * list. Every write locks the ticket row first and checks the rules on what it locked, so two
 * people acting on one ticket at the same moment cannot both succeed.
 */
import {
  AppError,
  canActOnTicket,
  canForwardTickets,
  canResolveAndForwardToCc,
  canSeeForwardedTickets,
  DEPARTMENT_LABELS,
  departmentOf,
  forwardTargetsFor,
  FORWARDED_MEANWHILE_MESSAGE,
  PAGE_SIZE,
  USER_TYPE_LABELS,
  type Department,
  type ForwardTicketBody,
  type IssuedTo,
  type TicketListReply,
  type TicketStatus,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type * as auth from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { insertComment } from '../comments/comments.repository.ts';
import { publishEvents, publishTicketEvent } from '../events/publish.ts';
import { tellResolved, type TellSettings } from '../notifications/tell-issuer.ts';
import { pageLinks } from '../../lib/pages.ts';
import { presentTicketListItem } from '../tickets/ticket-presenter.ts';
import {
  closeTicket,
  lockTicket,
  recordStatusChanges,
  updateTicketHolder,
  type TicketRow,
} from '../tickets/tickets.repository.ts';
import { insertForwardEvent, listForwardChainPage } from './forwarding.repository.ts';

export interface ForwardingContext {
  db: Db;
  /** How the issuer is told of a resolve (DESIGN.md §13). */
  tell: TellSettings;
}

type Actor = Pick<auth.Actor, 'user_type'>;
type HeldTicket = Pick<TicketRow, 'issuedTo' | 'ticketStatus'>;

function labelOf(holder: IssuedTo): string {
  return holder === 'agent' ? USER_TYPE_LABELS.agent : DEPARTMENT_LABELS[holder];
}

function holderOf(ticket: HeldTicket): { issued_to: IssuedTo; ticket_status: TicketStatus } {
  return { issued_to: ticket.issuedTo, ticket_status: ticket.ticketStatus };
}

function requireStaff(actor: Actor, message: string): void {
  if (!canForwardTickets(actor)) throw new AppError('forbidden', message);
}

function notYours(ticket: HeldTicket): AppError {
  return new AppError('forbidden', `This ticket is with ${labelOf(ticket.issuedTo)}: only they or Customer Care can act on it.`);
}

/**
 * The second step of Resolve & Forward to cc: the department that held the ticket has just solved
 * it and hands it to Customer Care (Corporate Support). It is the one forward a solved ticket
 * allows, and only once, since afterwards cc holds it.
 */
export function isResolveAndForwardStep(actor: Actor, ticket: HeldTicket, target: Department): boolean {
  return (
    ticket.ticketStatus === 'closed' &&
    target === 'cc' &&
    canResolveAndForwardToCc(actor) &&
    departmentOf(actor.user_type) === ticket.issuedTo
  );
}

/**
 * Throws the reason why `actor` may not forward the (locked) ticket as asked. A stale page comes
 * first: somebody who saw an older holder should reload, whatever else would be wrong.
 */
export function checkForward(actor: Actor, ticket: HeldTicket, body: ForwardTicketBody): void {
  if (body.previously_issued_to !== ticket.issuedTo) throw new AppError('conflict', FORWARDED_MEANWHILE_MESSAGE);
  const target = body.newly_issued_to;
  if (ticket.ticketStatus === 'closed') {
    if (isResolveAndForwardStep(actor, ticket, target)) return;
    throw new AppError('conflict', 'This ticket is already solved; it cannot be forwarded.');
  }
  if (!canActOnTicket(actor, holderOf(ticket))) throw notYours(ticket);
  if (forwardTargetsFor(actor, holderOf(ticket)).includes(target)) return;
  const message =
    target === ticket.issuedTo
      ? `This ticket is already with ${labelOf(target)}.`
      : `You cannot forward a ticket to your own department (${labelOf(target)}).`;
  throw new AppError('validation', message, { newly_issued_to: message });
}

/**
 * Forwards a ticket: appends the forward event, changes the holder, adds the internal comment
 * 'Forwarded to {target}' and moves open → in_progress, in one transaction. A solved ticket stays
 * solved (Resolve & Forward to cc).
 */
export async function forwardTicket(
  ctx: ForwardingContext,
  actor: auth.Actor,
  body: ForwardTicketBody,
  ip: string,
): Promise<void> {
  requireStaff(actor, 'Only staff can forward tickets.');
  await ctx.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, body.ticket_id);
    if (!ticket) throw new AppError('not_found', 'There is no such ticket.');
    checkForward(actor, ticket, body);
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
    const status = ticket.ticketStatus === 'open' ? 'in_progress' : ticket.ticketStatus;
    await updateTicketHolder(tx, ticket.ticketId, target, status);
    const note = await insertComment(tx, {
      ticketId: ticket.ticketId,
      commenterUserId: actor.id,
      commenterName: actor.name,
      commenterUserType: actor.user_type,
      message: `Forwarded to ${labelOf(target)}`,
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

/** Resolves a ticket the actor may act on: closed, with resolved_at. A solved ticket answers 409. */
export async function resolveTicket(ctx: ForwardingContext, actor: auth.Actor, ticketId: number, ip: string): Promise<void> {
  requireStaff(actor, 'Only staff can resolve tickets.');
  await ctx.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw new AppError('not_found', 'There is no such ticket.');
    if (ticket.ticketStatus === 'closed') throw new AppError('conflict', 'This ticket is already solved.');
    if (!canActOnTicket(actor, holderOf(ticket))) throw notYours(ticket);
    await closeTicket(tx, ticket.ticketId);
    await recordStatusChanges(tx, [
      { ticketId: ticket.ticketId, fromStatus: ticket.ticketStatus, toStatus: 'closed', byUserId: actor.id, byName: actor.name },
    ]);
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'ticket.resolve',
      target: `ticket:${ticket.ticketId}`,
      ip,
      details: { holder: ticket.issuedTo, from_status: ticket.ticketStatus },
    });
    // The issuer is told, unless they solved it themselves; a forward tells nobody.
    if (ticket.issuerUserId !== actor.id) await tellResolved(tx, ctx.tell, ticket);
    await publishTicketEvent(tx, {
      event: 'ticket.changed',
      ticket_id: ticket.ticketId,
      issuer_user_id: ticket.issuerUserId,
      internal: false,
    });
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
  if (!department) throw new AppError('forbidden', 'Forwarded tickets are for staff only.');
  const { rows, total, totalIsEstimate } = await listForwardChainPage(ctx.db, department, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  return {
    data: rows.map((row) => presentTicketListItem(viewer, row)),
    total_tickets: total,
    total_is_estimate: totalIsEstimate,
    ...pageLinks(page, total),
  };
}
