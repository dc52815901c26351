/** Comments on tickets; the status moves they cause are the workflow's (tickets/ticket-workflow.ts). */
import { randomUUID } from 'node:crypto';
import {
  AppError,
  canSeeInternalComments,
  canWriteInternalComments,
  type AddCommentBody,
  type CommentSource,
  type CommentsPageReply,
  type Language,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { rememberLanguage } from '../notifications/user-language.repository.ts';
import { replyMessages, type TellSettings } from '../notifications/tell-issuer.ts';
import { claimAttachments, resolveAttachmentKeys } from '../storage/storage.service.ts';
import { presentComments } from '../tickets/ticket-presenter.ts';
import {
  checkNotMerged,
  checkWaitForCustomer,
  isStaffReply,
  statusAfterComment,
  statusAfterIssuerAnswer,
  waitAfterComment,
} from '../tickets/ticket-workflow.ts';
import { lockTicket, recordStatusChanges } from '../tickets/tickets.repository.ts';
import type { TicketWithIssuer } from '../tickets/tickets.repository.ts';
import { findTicketForViewer, type TicketReader, type TicketsContext } from '../tickets/tickets.service.ts';
import { commentsBefore } from './comment-pages.ts';
import { hasCommentByOthersSince, insertCommentWithTrail, type NewComment } from './comments.repository.ts';

export interface CommentsContext extends TicketsContext {
  /** How the issuer is told of a reply (DESIGN.md §13). */
  tell: TellSettings;
}

/**
 * Adds a comment to a ticket the author may see (404 otherwise). Agents and customers always
 * write external comments: the flag they send is not theirs to set, and what they write is
 * meant for staff anyway. An API client writes external comments only (DESIGN.md §21): one that
 * asks for an internal note is refused rather than heard, so that its note never reaches the issuer.
 * `language` is the one the author wrote in: their messages follow it; `source` is how the comment
 * reached the desk (an issuer's answer by SMS or e-mail, DESIGN.md §24). A staff reply may wait
 * for the customer (DESIGN.md §26; refused, with nothing written, to anybody else); the issuer's
 * answer or a staff reply that does not wait ends the wait, in the comment's own statement.
 * With `seen_until`, a comment by somebody else that the author may see, written after it, refuses
 * the comment with 409 and nothing written (DESIGN.md §27).
 */
export async function addComment(
  ctx: CommentsContext,
  author: Actor,
  body: AddCommentBody,
  ip: string,
  language: Language,
  source: CommentSource = 'web',
): Promise<void> {
  if (author.client && body.is_internal) throw new AppError('forbidden', 'integrations.internalNoteRefused');
  const ticket = await findTicketForViewer(ctx, author, body.ticket_id);
  checkNotMerged(ticket);
  if (body.wait_for_customer) checkWaitForCustomer(author, ticket);
  const keys = await resolveAttachmentKeys(ctx, author.id, body.attachments);
  const move = statusAfterComment(author, ticket);
  const isInternal = canWriteInternalComments(author) && body.is_internal;
  const byAuthor = { authorId: author.id, authorType: author.user_type, isInternal };
  // A staff reply tells the issuer; internal notes and the issuer's own words tell nobody.
  const tells = isStaffReply(byAuthor, ticket);
  const wait = waitAfterComment({ ...byAuthor, waitForCustomer: body.wait_for_customer }, ticket);
  const remembersLanguage = author.language !== language;
  const comment: NewComment = {
    id: randomUUID(),
    ticketId: ticket.ticketId,
    commenterUserId: author.id,
    commenterName: author.name,
    commenterUserType: author.user_type,
    message: body.message,
    isInternal,
    attachments: keys,
    source,
    fromTicketId: null,
  };
  const write = async (db: Db) => {
    // An internal note is staff's to hear of; the status it moved is the issuer's too.
    const heard = { ticket_id: ticket.ticketId, issuer_user_id: ticket.issuerUserId };
    const written = await insertCommentWithTrail(db, comment, {
      move,
      wait,
      // What was written stays in the comment; the trail says only that it was, and where.
      audit: {
        actorUserId: author.id,
        action: 'comment.create',
        target: `ticket:${ticket.ticketId}`,
        ip,
        details: { comment_id: comment.id, internal: isInternal, attachments: keys.length },
      },
      events: [{ event: 'comment.added', ...heard, comment_id: comment.id, internal: isInternal }],
      movedEvents: [{ event: 'ticket.changed', ...heard, internal: false }],
      replyMessages: tells ? replyMessages(ctx.tell, ticket) : [],
    });
    await claimAttachments(db, keys, `comment:${comment.id}`);
    if (remembersLanguage) await rememberLanguage(db, author.id, language);
    // A move out of closed (the issuer's reopen) belongs to the number's history.
    if (written.moved && move?.from === 'closed')
      await recordStatusChanges(db, [
        { ticketId: ticket.ticketId, fromStatus: move.from, toStatus: move.to, byUserId: author.id, byName: author.name },
      ]);
    return written;
  };
  const seenUntil = body.seen_until;
  // The comment, its ticket's move and the message to the issuer are one statement: a comment that
  // claims no upload, changes no language, reopens nothing and checks for replies needs no transaction.
  const oneStatement = keys.length === 0 && !remembersLanguage && move?.from !== 'closed' && seenUntil === undefined;
  const written = await (oneStatement
    ? write(ctx.db)
    : ctx.db.transaction(async (tx) => {
        if (seenUntil !== undefined) await refuseIfRepliedMeanwhile(tx, author, ticket.ticketId, seenUntil);
        return write(tx);
      }));
  if (written.told) ctx.tell.outbox.ring();
}

/**
 * Refuses (409 comments.repliedMeanwhile) a comment when somebody else wrote one the author may
 * see after `seenUntil`. The ticket's row is locked first and the comments read after: two replies
 * sent at once run one after the other, and the second one sees the first.
 */
async function refuseIfRepliedMeanwhile(tx: Db, author: Actor, ticketId: number, seenUntil: string): Promise<void> {
  await lockTicket(tx, ticketId);
  const since = { ticketId, authorId: author.id, since: seenUntil, seesInternal: canSeeInternalComments(author) };
  if (await hasCommentByOthersSince(tx, since)) throw new AppError('conflict', 'comments.repliedMeanwhile');
}

/** An answer by the issuer of a public-form ticket, who has no account (DESIGN.md §24). */
export interface IssuerAnswer {
  /** How the answer names its writer (the sender's name, or the address). */
  name: string;
  message: string;
  /** Storage keys of images the desk stored itself, unclaimed (storeReceivedImage). */
  attachments: string[];
  source: CommentSource;
}

/**
 * Files an answer by a public-form ticket's issuer as an external comment, with the same trail as
 * any comment (audit, events, a reopen of a closed ticket in the number's history). The caller has
 * established that the answer is the issuer's (its address is the ticket's client_email): the
 * comment is a customer's with no account behind it, so it tells nobody and starts no clock; it
 * ends a wait for the customer (DESIGN.md §26).
 * Run it in the caller's transaction (`db`), which also records the message it came from.
 */
export async function addIssuerAnswer(
  db: Db,
  ticket: Pick<TicketWithIssuer, 'ticketId' | 'issuerUserId' | 'ticketStatus' | 'waitingSince'>,
  answer: IssuerAnswer,
  ip: string,
): Promise<string> {
  const move = statusAfterIssuerAnswer(ticket);
  const comment: NewComment = {
    id: randomUUID(),
    ticketId: ticket.ticketId,
    commenterUserId: null,
    commenterName: answer.name,
    commenterUserType: 'customer',
    message: answer.message,
    isInternal: false,
    attachments: answer.attachments,
    source: answer.source,
    fromTicketId: null,
  };
  const heard = { ticket_id: ticket.ticketId, issuer_user_id: ticket.issuerUserId };
  const byIssuer = { authorId: null, authorType: 'customer' as const, isInternal: false, waitForCustomer: false, byIssuer: true };
  const written = await insertCommentWithTrail(db, comment, {
    move,
    wait: waitAfterComment(byIssuer, ticket),
    audit: {
      actorUserId: null,
      action: 'comment.create',
      target: `ticket:${ticket.ticketId}`,
      ip,
      details: { comment_id: comment.id, internal: false, attachments: answer.attachments.length, source: answer.source },
    },
    events: [{ event: 'comment.added', ...heard, comment_id: comment.id, internal: false }],
    movedEvents: [{ event: 'ticket.changed', ...heard, internal: false }],
    replyMessages: [],
  });
  await claimAttachments(db, answer.attachments, `comment:${comment.id}`);
  if (written.moved && move)
    await recordStatusChanges(db, [
      { ticketId: ticket.ticketId, fromStatus: move.from, toStatus: move.to, byUserId: null, byName: answer.name },
    ]);
  return comment.id;
}

/** Earlier comments of a ticket the viewer may see (404 otherwise), through the one presenter. */
export async function earlierComments(
  ctx: TicketsContext,
  viewer: TicketReader,
  ticketId: number,
  beforeId: string | undefined,
): Promise<CommentsPageReply> {
  const ticket = await findTicketForViewer(ctx, viewer, ticketId);
  const page = await commentsBefore(ctx.db, viewer, ticket.ticketId, beforeId);
  return {
    data: presentComments(viewer, page.rows, (key) => ctx.storage.publicUrlOf(key)),
    has_more: page.hasMore,
  };
}
