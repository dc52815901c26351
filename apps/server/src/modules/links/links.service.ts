/**
 * Links between related tickets (DESIGN.md §27): staff link any two tickets and see the links both
 * ways on the ticket view. A link has no direction, so linking twice is one link. Both tickets'
 * rows are locked, the lower id first, before their links are counted: two links made at once
 * cannot both pass the limit, and two people linking the same pair cannot deadlock.
 */
import { AppError, canLinkTickets, TICKET_LINKS_MAX, type TicketLink } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { publishEvents } from '../events/publish.ts';
import { lockTicket, type TicketRow } from '../tickets/tickets.repository.ts';
import { countLinks, deleteLink, insertLink, listTicketLinks } from './links.repository.ts';

export interface LinksContext {
  db: Db;
}

/**
 * Locks the ticket of the path and the other one, the lower id first. 404: the path's ticket as
 * any missing ticket (tickets.notFound), the other one by its id (links.notFound).
 */
async function lockPair(tx: Db, ticketId: number, otherId: number): Promise<[TicketRow, TicketRow]> {
  const [first, second] = ticketId < otherId ? [ticketId, otherId] : [otherId, ticketId];
  const locked = new Map<number, TicketRow | undefined>();
  locked.set(first, await lockTicket(tx, first));
  locked.set(second, await lockTicket(tx, second));
  const ticket = locked.get(ticketId);
  if (!ticket) throw new AppError('not_found', 'tickets.notFound');
  const other = locked.get(otherId);
  if (!other) throw new AppError('not_found', 'links.notFound', { id: otherId });
  return [ticket, other];
}

/** The refusals both writes share: staff only, and never a ticket with itself. */
function assertMayLink(actor: Actor, ticketId: number, otherId: number): void {
  if (!canLinkTickets(actor)) throw new AppError('forbidden', 'links.staffOnly');
  if (ticketId === otherId) throw new AppError('bad_request', 'links.toItself');
}

/** The trail of a link's change: its audit row on the path's ticket, and a staff-only change of both. */
async function recordLinkChange(
  tx: Db,
  actor: Actor,
  action: 'ticket.link' | 'ticket.unlink',
  tickets: [TicketRow, TicketRow],
): Promise<void> {
  const [ticket, other] = tickets;
  await insertAuditEntry(tx, {
    actorUserId: actor.id,
    action,
    target: `ticket:${ticket.ticketId}`,
    ip: actor.ip,
    details: { ticket_id: other.ticketId },
  });
  await publishEvents(
    tx,
    tickets.map((changed) => ({
      event: 'ticket.changed' as const,
      ticket_id: changed.ticketId,
      issuer_user_id: changed.issuerUserId,
      internal: true,
    })),
  );
}

/**
 * Links the two tickets; the ticket's links after it. Refusals: agents and customers 403, a ticket
 * with itself 400, a missing ticket 404, a ticket that has TICKET_LINKS_MAX links already (either
 * of the two) 409. Linking tickets that are linked changes nothing and records nothing.
 */
export async function linkTickets(ctx: LinksContext, actor: Actor, ticketId: number, otherId: number): Promise<TicketLink[]> {
  assertMayLink(actor, ticketId, otherId);
  return ctx.db.transaction(async (tx) => {
    const pair = await lockPair(tx, ticketId, otherId);
    const counts = await countLinks(tx, [ticketId, otherId]);
    const full = [ticketId, otherId].some((id) => (counts.get(id) ?? 0) >= TICKET_LINKS_MAX);
    const inserted = full ? false : await insertLink(tx, ticketId, otherId, actor.id);
    if (inserted) await recordLinkChange(tx, actor, 'ticket.link', pair);
    const links = await listTicketLinks(tx, ticketId);
    // A full ticket refuses a new link, never one it has.
    if (full && !links.some((link) => link.ticket_id === otherId))
      throw new AppError('conflict', 'links.tooMany', { max: TICKET_LINKS_MAX });
    return links;
  });
}

/** Removes the link of the two tickets; the ticket's links after it. 404 when they are not linked. */
export async function unlinkTickets(ctx: LinksContext, actor: Actor, ticketId: number, otherId: number): Promise<TicketLink[]> {
  assertMayLink(actor, ticketId, otherId);
  return ctx.db.transaction(async (tx) => {
    const pair = await lockPair(tx, ticketId, otherId);
    if (!(await deleteLink(tx, ticketId, otherId))) throw new AppError('not_found', 'links.notLinked', { id: otherId });
    await recordLinkChange(tx, actor, 'ticket.unlink', pair);
    return listTicketLinks(tx, ticketId);
  });
}
