/**
 * Merging one customer's duplicate tickets (DESIGN.md §27). The rules and the source's status move
 * are the workflow's (tickets/ticket-workflow.ts: checkMerge, closeMerged); this moves the
 * conversation and leaves the trail. One transaction locks both tickets in ticket-id order, so two
 * merges that cross wait for each other instead of deadlocking, and the second one sees the first
 * one's result under the locks and is refused with 409 (docs/decisions.md, "Merging duplicates").
 */
import { AppError, isStaff, type MergeCandidate, type MergeCandidatesQuery, type MergeTicketBody } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { say } from '../../lib/messages.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { insertComment, insertExternalComments, moveComments } from '../comments/comments.repository.ts';
import { publishTicketEvent } from '../events/publish.ts';
import { moveForwardEvents } from '../forwarding/forwarding.repository.ts';
import { languageToTell, type TellSettings } from '../notifications/tell-issuer.ts';
import { checkMerge, checkMergeRequest, closeMerged } from '../tickets/ticket-workflow.ts';
import {
  findTicketWithIssuer,
  lockTicket,
  touchTicket,
  type TicketRow,
  type TicketWithIssuer,
} from '../tickets/tickets.repository.ts';
import { listMergeCandidates } from './merge.repository.ts';

export interface MergeContext {
  db: Db;
  /** How the source's issuer is told (DESIGN.md §13). */
  tell: TellSettings;
}

/**
 * Whether the two tickets have one issuer: the same account, or (the public form, no account) the
 * same address. Only then may the target's issuer read the source's words (docs/decisions.md).
 */
export function haveOneIssuer(source: TicketRow, target: TicketRow): boolean {
  if (source.issuerUserId !== null || target.issuerUserId !== null) return source.issuerUserId === target.issuerUserId;
  return source.clientEmail !== null && source.clientEmail.toLowerCase() === target.clientEmail?.toLowerCase();
}

/** Locks both tickets in ticket-id order (two merges that cross never deadlock); returns them as source and target. */
async function lockBoth(tx: Db, sourceId: number, intoId: number) {
  const [first, second] = sourceId < intoId ? [sourceId, intoId] : [intoId, sourceId];
  const lockedFirst = await lockTicket(tx, first);
  const lockedSecond = await lockTicket(tx, second);
  return sourceId < intoId ? { source: lockedFirst, target: lockedSecond } : { source: lockedSecond, target: lockedFirst };
}

/**
 * The source's own words (title, description, attachments) as one comment on the target, written
 * as the source's issuer at the source's creation, marked "from ticket N".
 */
async function moveDescription(tx: Db, source: TicketWithIssuer, into: number, asInternal: boolean): Promise<void> {
  await insertComment(tx, {
    ticketId: into,
    commenterUserId: source.issuerUserId,
    commenterName: source.issuerName ?? source.clientEmail ?? '',
    commenterUserType: source.issuerUserType,
    message: `${source.title}\n\n${source.description}`,
    isInternal: asInternal,
    attachments: source.attachments,
    fromTicketId: source.ticketId,
    createdAt: source.createdAt,
  });
}

/**
 * Merges ticket `sourceId` into `body.into_ticket_id`: the source's comments, forwards and own
 * description move to the target (internal notes when the issuers differ), the source is closed
 * with merged_into and the comment "Merged into ticket #N." in its issuer's language, who is told
 * once. Audited (`ticket.merge`), and heard live on both tickets.
 */
export async function mergeTicket(ctx: MergeContext, actor: Actor, sourceId: number, body: MergeTicketBody): Promise<number> {
  const intoId = body.into_ticket_id;
  checkMergeRequest(actor, sourceId, intoId);
  return ctx.db.transaction(async (tx) => {
    const { source, target } = await lockBoth(tx, sourceId, intoId);
    if (!source) throw new AppError('not_found', 'tickets.notFound');
    if (!target) throw new AppError('not_found', 'merge.targetNotFound', { id: intoId });
    checkMerge(actor, source, target);
    const asInternal = !haveOneIssuer(source, target);
    const named = await findTicketWithIssuer(tx, source.ticketId);
    if (!named) throw new AppError('not_found', 'tickets.notFound');
    await moveDescription(tx, named, target.ticketId, asInternal);
    const moved = await moveComments(tx, source.ticketId, target.ticketId, asInternal);
    await moveForwardEvents(tx, source.ticketId, target.ticketId);
    await closeMerged(tx, ctx.tell, actor, source, target.ticketId);
    const language = await languageToTell(tx, named);
    const author = { userId: actor.id, name: actor.name, userType: actor.user_type };
    await insertExternalComments(
      tx,
      [source.ticketId],
      author,
      say(language, 'issuer.mergedComment', { into: String(target.ticketId) }),
    );
    await touchTicket(tx, target.ticketId);
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'ticket.merge',
      target: `ticket:${source.ticketId}`,
      ip: actor.ip,
      details: { into: target.ticketId, comments: moved, internal: asInternal },
    });
    const changed = (ticket: TicketRow, internal: boolean) =>
      publishTicketEvent(tx, {
        event: 'ticket.changed',
        ticket_id: ticket.ticketId,
        issuer_user_id: ticket.issuerUserId,
        internal,
      });
    await changed(source, false);
    // The target's issuer sees nothing new when the moved words became internal notes.
    await changed(target, asInternal);
    return target.ticketId;
  });
}

/** The tickets staff may merge `sourceId` into, as the candidates' search lists them. */
export async function findMergeCandidates(
  ctx: Pick<MergeContext, 'db'>,
  actor: Actor,
  sourceId: number,
  query: MergeCandidatesQuery,
): Promise<MergeCandidate[]> {
  if (!isStaff(actor)) throw new AppError('forbidden', 'merge.staffOnly');
  const source = await findTicketWithIssuer(ctx.db, sourceId);
  if (!source) throw new AppError('not_found', 'tickets.notFound');
  const rows = await listMergeCandidates(ctx.db, source, query.q);
  return rows.map((row) => ({
    ticket_id: row.ticketId,
    title: row.title,
    problematic_number: row.problematicNumber,
    issued_to: row.issuedTo,
    ticket_status: row.ticketStatus,
    created_at: row.createdAt.toISOString(),
    same_issuer: row.sameIssuer,
  }));
}
