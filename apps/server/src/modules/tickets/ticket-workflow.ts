/**
 * The ticket workflow (DESIGN.md §6): every move of a ticket's status, who may make it, and what
 * else happens with it.
 *
 *   comment  open → in_progress when staff other than the issuer write on it (a note or a reply);
 *   reopen   closed → open when the issuer writes on it;
 *   forward  open → in_progress; a solved ticket stays solved (Resolve & Forward to cc);
 *   resolve  open | in_progress → closed, with resolved_at; the issuer is told;
 *   merge    open | in_progress → closed, with resolved_at and merged_into: one customer's duplicate
 *            goes into their other unsolved ticket (DESIGN.md §27); the issuer is told, once.
 *
 * Beside the status, a staff reply may wait for the customer (DESIGN.md §26): the clock stands
 * still from that reply (waiting_since) until the issuer answers or staff reply without waiting,
 * and the due time then moves by the working time waited (waited_seconds). A ticket that waits too
 * long is resolved by the desk (waiting-resolver.ts).
 *
 * The status itself is written by the tickets repository (tickets.repository.ts), which also sets
 * what goes with a move (resolved_at, reopened_at). PostgreSQL keeps what follows from it: the
 * first staff reply (ticket-workflow.sql, by the same definition as isStaffReply here) and the due
 * time (service-levels/service-levels.sql).
 */
import {
  AppError,
  areDuplicates,
  canActOnTicket,
  canMergeTickets,
  canForwardTickets,
  canResolveAndForwardToCc,
  canWaitForCustomer,
  departmentOf,
  forwardTargetsFor,
  isStaff,
  type Department,
  type ForwardTicketBody,
  type IssuedTo,
  type TicketStatus,
  type UserType,
} from '@switchboard/shared';
import type { SatisfactionConfig } from '../../config-satisfaction.ts';
import type { Db } from '../../db/client.ts';
import type * as auth from '../../plugins/auth.ts';
import { insertAuditEntries } from '../audit/audit.repository.ts';
import { publishTicketEvent } from '../events/publish.ts';
import { tellMerged, tellResolved, type TellSettings } from '../notifications/tell-issuer.ts';
import { askAfterResolve } from '../satisfaction/ask-later.ts';
import {
  closeMergedTicket,
  closeTickets,
  lockTicket,
  recordStatusChanges,
  type TicketRow,
  type WaitChange,
} from './tickets.repository.ts';

/** A move of a ticket from one status to another. */
export interface StatusMove {
  from: TicketStatus;
  to: TicketStatus;
}

type ActorKind = Pick<auth.Actor, 'user_type'>;
type HeldTicket = Pick<TicketRow, 'issuedTo' | 'ticketStatus'>;

/** A comment as the workflow weighs it: who wrote it (null for the seed and bulk loads) and whether it is an internal note. */
export interface CommentByAuthor {
  authorId: string | null;
  authorType: UserType;
  isInternal: boolean;
}

/**
 * A holder as the catalogs' `department` select reads it (`cc`, `rs`, `iptsp`, `oss_bss`, `agent`):
 * ICU takes no hyphen in a select's case, so oss-bss is spelt as its user type.
 */
export function departmentValue(holder: IssuedTo): string {
  return holder.replace('-', '_');
}

function holderOf(ticket: HeldTicket): { issued_to: IssuedTo; ticket_status: TicketStatus } {
  return { issued_to: ticket.issuedTo, ticket_status: ticket.ticketStatus };
}

function notYours(ticket: HeldTicket): AppError {
  return new AppError('forbidden', 'tickets.heldElsewhere', { department: departmentValue(ticket.issuedTo) });
}

/** Whether the comment's author is the ticket's issuer (a comment without an author is nobody's own). */
function isByIssuer(authorId: string | null, ticket: Pick<TicketRow, 'issuerUserId'>): boolean {
  return authorId !== null && authorId === ticket.issuerUserId;
}

/**
 * A staff reply: an external comment by staff (neither an agent nor a customer) other than the
 * ticket's issuer. It tells the issuer, and the first one stops the first-reply clock of the due
 * time. PostgreSQL holds the same definition (`is_staff_reply` in ticket-workflow.sql); the
 * staff-reply test proves that both agree.
 */
export function isStaffReply(comment: CommentByAuthor, ticket: Pick<TicketRow, 'issuerUserId'>): boolean {
  return !comment.isInternal && isStaff({ user_type: comment.authorType }) && !isByIssuer(comment.authorId, ticket);
}

/**
 * The status a comment moves a ticket to, or null. The first comment by staff other than the
 * issuer (internal or not: either way somebody has started on it) moves open → in_progress. A
 * comment by the issuer on a closed ticket reopens it.
 */
export function statusAfterComment(
  author: Pick<auth.Actor, 'id' | 'user_type'>,
  ticket: Pick<TicketRow, 'issuerUserId' | 'ticketStatus'>,
): StatusMove | null {
  const byIssuer = isByIssuer(author.id, ticket);
  if (ticket.ticketStatus === 'closed' && byIssuer) return { from: 'closed', to: 'open' };
  if (ticket.ticketStatus === 'open' && isStaff(author) && !byIssuer) return { from: 'open', to: 'in_progress' };
  return null;
}

/**
 * Throws the reason why `author` may not send a reply that waits for the customer (DESIGN.md §26):
 * only staff who may act on the (unsolved) ticket wait, and never on their own ticket, where the
 * customer is themselves. Checked before anything is written.
 */
export function checkWaitForCustomer(
  author: Pick<auth.Actor, 'id' | 'user_type'>,
  ticket: HeldTicket & Pick<TicketRow, 'issuerUserId'>,
): void {
  if (!isStaff(author)) throw new AppError('forbidden', 'comments.waitStaffOnly');
  if (ticket.ticketStatus === 'closed') throw new AppError('conflict', 'tickets.alreadySolved');
  if (!canWaitForCustomer(author, holderOf(ticket))) throw notYours(ticket);
  if (isByIssuer(author.id, ticket)) throw new AppError('forbidden', 'comments.waitOwnTicket');
}

/**
 * What a comment does to the ticket's wait for the customer: a staff reply that asks to wait starts
 * one (checkWaitForCustomer first); the issuer's own answer (web, SMS or e-mail) or a staff reply
 * that does not wait ends the wait under way; internal notes change nothing. `byIssuer` marks an
 * answer known to be the issuer's without an account (an e-mail from the ticket's address). It
 * weighs the ticket as the comment read it: only a comment that can end a wait names the wait's
 * columns (and so runs the due-time trigger); a wait asked for in the instant between that read and
 * the comment's write is the newer word and stays.
 */
export function waitAfterComment(
  comment: CommentByAuthor & { waitForCustomer: boolean; byIssuer?: boolean },
  ticket: Pick<TicketRow, 'issuerUserId' | 'waitingSince'>,
): WaitChange {
  if (comment.isInternal) return null;
  if (comment.waitForCustomer) return 'start';
  const answers = comment.byIssuer === true || isByIssuer(comment.authorId, ticket) || isStaffReply(comment, ticket);
  return answers && ticket.waitingSince !== null ? 'end' : null;
}

/**
 * The status an answer by the issuer of a public-form ticket moves it to (DESIGN.md §24): they have
 * no account, so the answer is theirs by its address, and like any issuer's comment it reopens a
 * closed ticket and moves nothing else.
 */
export function statusAfterIssuerAnswer(ticket: Pick<TicketRow, 'ticketStatus'>): StatusMove | null {
  return ticket.ticketStatus === 'closed' ? { from: 'closed', to: 'open' } : null;
}

/**
 * The second step of Resolve & Forward to cc: the department that held the ticket has just solved
 * it and hands it to Customer Care (Corporate Support). It is the one forward a solved ticket
 * allows, and only once, since afterwards cc holds it.
 */
export function isResolveAndForwardStep(actor: ActorKind, ticket: HeldTicket, target: Department): boolean {
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
export function checkForward(actor: ActorKind, ticket: HeldTicket, body: ForwardTicketBody): void {
  if (body.previously_issued_to !== ticket.issuedTo) throw new AppError('conflict', 'forwarding.forwardedMeanwhile');
  const target = body.newly_issued_to;
  if (ticket.ticketStatus === 'closed') {
    if (isResolveAndForwardStep(actor, ticket, target)) return;
    throw new AppError('conflict', 'forwarding.solvedCannotForward');
  }
  if (!canActOnTicket(actor, holderOf(ticket))) throw notYours(ticket);
  if (forwardTargetsFor(actor, holderOf(ticket)).includes(target)) return;
  const refusal = target === ticket.issuedTo ? 'forwarding.alreadyWith' : 'forwarding.ownDepartment';
  throw AppError.invalidField('newly_issued_to', refusal, { department: departmentValue(target) });
}

/** The status a forward leaves: somebody has started on an open ticket; a solved one stays solved. */
export function statusAfterForward(ticket: HeldTicket): TicketStatus {
  return ticket.ticketStatus === 'open' ? 'in_progress' : ticket.ticketStatus;
}

/** Throws the reason why `actor` may not resolve the (locked) ticket: solved already (409), or held by another department (403). */
export function checkResolve(actor: ActorKind, ticket: HeldTicket): void {
  if (ticket.ticketStatus === 'closed') throw new AppError('conflict', 'tickets.alreadySolved');
  if (!canActOnTicket(actor, holderOf(ticket))) throw notYours(ticket);
}

/**
 * The one resolve, for one ticket or for all of an incident's: closes the (locked, unsolved)
 * tickets with resolved_at, writes each move into the number's history and a `ticket.resolve`
 * audit row per ticket (with `also`, what the caller adds to each row's details: the incident),
 * and tells each issuer, except an issuer who resolves their own ticket. It runs inside the
 * caller's transaction, which adds the caller's own events (and an incident's audit row).
 */
export async function resolveTickets(
  tx: Db,
  tell: TellSettings,
  actor: Pick<auth.Actor, 'id' | 'name' | 'ip'>,
  solved: TicketRow[],
  also: Record<string, unknown> = {},
): Promise<void> {
  await closeTickets(
    tx,
    solved.map((ticket) => ticket.ticketId),
  );
  await recordStatusChanges(
    tx,
    solved.map((ticket) => ({
      ticketId: ticket.ticketId,
      fromStatus: ticket.ticketStatus,
      toStatus: 'closed' as const,
      byUserId: actor.id,
      byName: actor.name,
    })),
  );
  await insertAuditEntries(
    tx,
    solved.map((ticket) => ({
      actorUserId: actor.id,
      action: 'ticket.resolve' as const,
      target: `ticket:${ticket.ticketId}`,
      ip: actor.ip,
      details: { holder: ticket.issuedTo, from_status: ticket.ticketStatus, ...also },
    })),
  );
  for (const ticket of solved) if (ticket.issuerUserId !== actor.id) await tellResolved(tx, tell, ticket);
}

export interface ResolveContext {
  db: Db;
  /** How the issuer is told of a resolve (DESIGN.md §13). */
  tell: TellSettings;
  /** Whether, and how long after, the issuer is asked how it went (DESIGN.md §25). */
  satisfaction: Pick<SatisfactionConfig, 'on' | 'delayMinutes'>;
}

/**
 * Resolves a ticket the actor may act on: closed, with resolved_at. A solved ticket answers 409.
 * A person's resolve (alone or in bulk) also leaves the satisfaction question; an incident's
 * resolve-all, which calls resolveTickets directly, does not.
 */
export async function resolveTicket(ctx: ResolveContext, actor: auth.Actor, ticketId: number, ip: string): Promise<void> {
  if (!canForwardTickets(actor)) throw new AppError('forbidden', 'tickets.resolveStaffOnly');
  await ctx.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (!ticket) throw new AppError('not_found', 'tickets.notFound');
    checkResolve(actor, ticket);
    await resolveTickets(tx, ctx.tell, { ...actor, ip }, [ticket]);
    await askAfterResolve(tx, { ...ctx.tell, satisfaction: ctx.satisfaction }, ticket, actor.id);
    await publishTicketEvent(tx, {
      event: 'ticket.changed',
      ticket_id: ticket.ticketId,
      issuer_user_id: ticket.issuerUserId,
      internal: false,
    });
  });
}

/**
 * Throws 409 for a comment on a merged ticket: its conversation went on elsewhere, and a word there
 * would reopen a ticket nobody reads. The issuer's answers by SMS and e-mail go to the target.
 */
export function checkNotMerged(ticket: Pick<TicketRow, 'ticketId' | 'mergedInto'>): void {
  if (ticket.mergedInto !== null)
    throw new AppError('conflict', 'merge.sourceMerged', { id: ticket.ticketId, into: ticket.mergedInto });
}

/** Throws why `actor` may not ask to merge ticket `sourceId` into `intoId` at all, before anything is read. */
export function checkMergeRequest(actor: ActorKind, sourceId: number, intoId: number): void {
  if (!isStaff(actor)) throw new AppError('forbidden', 'merge.staffOnly');
  if (sourceId === intoId) throw new AppError('bad_request', 'merge.intoItself');
}

type MergeSide = HeldTicket & Pick<TicketRow, 'ticketId' | 'mergedInto' | 'issuerUserId' | 'problematicNumber'>;

/**
 * Throws why `actor` may not merge the (locked) `source` into the (locked) `target`. Both are read
 * under their row locks, so "changed meanwhile" is what they are now: a ticket merged or solved by
 * somebody else answers 409. A merged ticket is closed and keeps merged_into, so neither side can be
 * one, and a loop (B into A after A into B) is refused like any merged target.
 */
export function checkMerge(actor: ActorKind, source: MergeSide, target: MergeSide): void {
  if (source.mergedInto !== null)
    throw new AppError('conflict', 'merge.sourceMerged', { id: source.ticketId, into: source.mergedInto });
  if (target.mergedInto !== null)
    throw new AppError('conflict', 'merge.targetMerged', { id: target.ticketId, into: target.mergedInto });
  if (source.ticketStatus === 'closed') throw new AppError('conflict', 'merge.sourceSolved', { id: source.ticketId });
  if (target.ticketStatus === 'closed') throw new AppError('conflict', 'merge.targetSolved', { id: target.ticketId });
  const side = (ticket: MergeSide) => ({ issuer_user_id: ticket.issuerUserId, problematic_number: ticket.problematicNumber });
  if (!areDuplicates(side(source), side(target))) throw new AppError('bad_request', 'merge.notDuplicates');
  if (!canMergeTickets(actor, holderOf(source), holderOf(target)))
    throw notYours(canActOnTicket(actor, holderOf(source)) ? target : source);
}

/**
 * The source's side of a merge, inside the merge's transaction: closed into `into` (resolved_at as
 * any close, merged_into), the move written into the number's history, and its issuer told once
 * (never asked how it went: a merge is no resolve), unless the merger is that issuer.
 */
export async function closeMerged(
  tx: Db,
  tell: TellSettings,
  actor: Pick<auth.Actor, 'id' | 'name'>,
  source: TicketRow,
  into: number,
): Promise<void> {
  await closeMergedTicket(tx, source.ticketId, into);
  await recordStatusChanges(tx, [
    { ticketId: source.ticketId, fromStatus: source.ticketStatus, toStatus: 'closed', byUserId: actor.id, byName: actor.name },
  ]);
  if (source.issuerUserId !== actor.id) await tellMerged(tx, tell, source, into);
}
