/**
 * Who else is on a ticket (DESIGN.md §27): each open staff view says where its person is every
 * PRESENCE_HEARTBEAT_MS, and hears `ticket.presence` when somebody else's place changed. The
 * person is always the caller: nobody can speak for another.
 */
import type { PresenceState, PresentPerson } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { findTicketForViewer } from '../tickets/tickets.service.ts';
import { listOthersOnTicket, writePresence } from './presence.repository.ts';

export interface PresenceContext {
  db: Db;
}

/**
 * Records where the caller is on the ticket (gone: nowhere) and answers with the others there now.
 * A ticket that does not exist is 404. Staff only (the route's guard): staff see every ticket.
 */
export async function sayPresence(
  ctx: PresenceContext,
  actor: Actor,
  ticketId: number,
  state: PresenceState,
): Promise<PresentPerson[]> {
  const ticket = await findTicketForViewer(ctx, actor, ticketId);
  await writePresence(ctx.db, { ticketId: ticket.ticketId, userId: actor.id, state });
  return listOthersOnTicket(ctx.db, ticket.ticketId, actor.id);
}

/** The others on the ticket now, for a view that heard `ticket.presence` (404 for an unknown ticket). */
export async function othersOnTicket(ctx: PresenceContext, actor: Actor, ticketId: number): Promise<PresentPerson[]> {
  const ticket = await findTicketForViewer(ctx, actor, ticketId);
  return listOthersOnTicket(ctx.db, ticket.ticketId, actor.id);
}
