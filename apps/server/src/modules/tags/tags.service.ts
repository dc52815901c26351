/**
 * Staff's tags on tickets (DESIGN.md §27): a ticket's set is replaced as a whole, and the tags in
 * use are suggested as one types. Agents and customers neither set nor see them.
 */
import {
  AppError,
  canUseTags,
  TAG_SUGGESTIONS_MAX,
  type SetTicketTagsBody,
  type TagSuggestionsQuery,
  type TagSuggestionsReply,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { publishTicketEvent } from '../events/publish.ts';
import { lockTicket } from '../tickets/tickets.repository.ts';
import { changeTicketTags, listTicketTags, suggestTags } from './tags.repository.ts';

export interface TagsContext {
  db: Db;
}

function assertMayUseTags(actor: Actor): void {
  if (!canUseTags(actor)) throw new AppError('forbidden', 'tags.staffOnly');
}

/**
 * Replaces the ticket's tags (normalised and counted once by the schema); its tags after it, in
 * alphabetical order. The ticket's row is locked, so two saves at once end as one of them, never
 * as a mix past TAGS_PER_TICKET_MAX. The same set again changes nothing and records nothing.
 */
export async function setTicketTags(
  ctx: TagsContext,
  actor: Actor,
  ticketId: number,
  body: SetTicketTagsBody,
): Promise<string[]> {
  assertMayUseTags(actor);
  return ctx.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw new AppError('not_found', 'tickets.notFound');
    const before = await listTicketTags(tx, ticketId);
    const added = body.tags.filter((tag) => !before.includes(tag)).sort();
    const removed = before.filter((tag) => !body.tags.includes(tag));
    if (added.length === 0 && removed.length === 0) return before;
    await changeTicketTags(tx, ticketId, added, removed);
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'ticket.tags',
      target: `ticket:${ticketId}`,
      ip: actor.ip,
      details: { added, removed },
    });
    await publishTicketEvent(tx, {
      event: 'ticket.changed',
      ticket_id: ticketId,
      issuer_user_id: ticket.issuerUserId,
      internal: true,
    });
    return listTicketTags(tx, ticketId);
  });
}

/** The tags in use that begin with the query, most used first (at most TAG_SUGGESTIONS_MAX). */
export async function suggestTagsFor(ctx: TagsContext, actor: Actor, query: TagSuggestionsQuery): Promise<TagSuggestionsReply> {
  assertMayUseTags(actor);
  return { data: await suggestTags(ctx.db, query.q ?? '', TAG_SUGGESTIONS_MAX) };
}
