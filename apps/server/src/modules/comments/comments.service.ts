/** Comments on tickets and the status moves they cause (DESIGN.md §6, ticket workflow). */
import { isStaff, type AddCommentBody, type TicketStatus } from '@switchboard/shared';
import type { SignedInUser } from '../../plugins/auth.ts';
import { claimAttachments, resolveAttachmentKeys } from '../storage/storage.service.ts';
import { moveTicketStatus, touchTicket, type TicketWithIssuer } from '../tickets/tickets.repository.ts';
import { findTicketForViewer, type TicketsContext } from '../tickets/tickets.service.ts';
import { insertComment } from './comments.repository.ts';

/**
 * The status a comment moves a ticket to, or null. The first comment by staff other than the
 * issuer (internal or not: either way somebody has started on it) moves open → in_progress. A
 * reply by the issuer on a closed ticket reopens it.
 */
export function statusAfterComment(
  author: Pick<SignedInUser, 'id' | 'user_type'>,
  ticket: Pick<TicketWithIssuer, 'issuerUserId' | 'ticketStatus'>,
): { from: TicketStatus; to: TicketStatus } | null {
  const byIssuer = ticket.issuerUserId === author.id;
  if (ticket.ticketStatus === 'closed' && byIssuer) return { from: 'closed', to: 'open' };
  if (ticket.ticketStatus === 'open' && isStaff(author) && !byIssuer) return { from: 'open', to: 'in_progress' };
  return null;
}

/**
 * Adds a comment to a ticket the author may see (404 otherwise). Agents and customers always
 * write external comments: the flag they send is not theirs to set, and what they write is
 * meant for staff anyway.
 */
export async function addComment(ctx: TicketsContext, author: SignedInUser, body: AddCommentBody): Promise<void> {
  const ticket = await findTicketForViewer(ctx, author, body.ticket_id);
  const keys = await resolveAttachmentKeys(ctx, author.id, body.attachments);
  const move = statusAfterComment(author, ticket);
  await ctx.db.transaction(async (tx) => {
    const comment = await insertComment(tx, {
      ticketId: ticket.ticketId,
      commenterUserId: author.id,
      commenterName: author.name,
      commenterUserType: author.user_type,
      message: body.message,
      isInternal: isStaff(author) && body.is_internal,
      attachments: keys,
    });
    await claimAttachments(tx, keys, `comment:${comment.id}`);
    // Conditional on the current status, so a resolve or reopen that happened meanwhile wins.
    const moved = move ? await moveTicketStatus(tx, ticket.ticketId, move.from, move.to) : false;
    if (!moved) await touchTicket(tx, ticket.ticketId);
  });
}
