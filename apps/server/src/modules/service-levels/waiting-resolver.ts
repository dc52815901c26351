/**
 * A wait for the customer that nobody answered (DESIGN.md §26): after WAITING_AUTO_RESOLVE_DAYS the
 * desk resolves the ticket through the one resolve of the workflow (ticket-workflow.ts: closed, in
 * the number's history and the audit trail, the issuer told as by any resolve) and says why in a
 * reply in the issuer's language. A recurring leased job (`sla.waiting`) looks every few minutes;
 * each batch locks its tickets with SKIP LOCKED, so a ticket is resolved once however many
 * processes look.
 */
import type { Language } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { say } from '../../lib/messages.ts';
import { SYSTEM_ACCOUNT_ID } from '../alarms/alarm-recovery.ts';
import { insertAuditEntries } from '../audit/audit.repository.ts';
import { insertExternalComments } from '../comments/comments.repository.ts';
import { publishEvents } from '../events/publish.ts';
import type { JobHandler } from '../jobs/job-runner.ts';
import { languageToTell, type TellSettings } from '../notifications/tell-issuer.ts';
import { resolveTickets } from '../tickets/ticket-workflow.ts';
import { lockTicketsWaitingSince, type TicketRow } from '../tickets/tickets.repository.ts';

/** The recurring job's kind and key. */
export const WAITING_JOB = 'sla.waiting';
/** The longest pause between two looks: an unanswered wait ends within minutes of its last day. */
export const WAITING_LOOK_MAX_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** Tickets one transaction resolves; a run takes a few batches, then lets the other jobs in. */
const TICKETS_PER_BATCH = 100;
const BATCHES_PER_RUN = 10;

export interface WaitingResolverContext {
  db: Db;
  tell: TellSettings;
  /** WAITING_AUTO_RESOLVE_DAYS. */
  days: number;
}

/**
 * The desk itself resolves: its own system account (migration 0019), which has cc's reach over
 * every ticket; the history and the reply name it by the product, not by a person.
 */
export const DESK_ACTOR = { id: SYSTEM_ACCOUNT_ID, name: 'Switchboard', userType: 'cc' as const, ip: '' };

/** The reply that says why, one statement per language of the batch's issuers, each with its `comment.create` row. */
async function replyToEach(tx: Db, waited: TicketRow[], days: number, why: Record<string, unknown>): Promise<void> {
  const byLanguage = new Map<Language, number[]>();
  for (const ticket of waited) {
    const language = await languageToTell(tx, ticket);
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), ticket.ticketId]);
  }
  const author = { userId: DESK_ACTOR.id, name: DESK_ACTOR.name, userType: DESK_ACTOR.userType };
  for (const [language, ids] of byLanguage) {
    const written = await insertExternalComments(tx, ids, author, say(language, 'issuer.waitingResolved', { days }));
    await insertAuditEntries(
      tx,
      written.map((comment) => ({
        actorUserId: DESK_ACTOR.id,
        action: 'comment.create' as const,
        target: `ticket:${comment.ticketId}`,
        ip: DESK_ACTOR.ip,
        details: { comment_id: comment.id, internal: false, attachments: 0, ...why },
      })),
    );
  }
}

/** Resolves one batch of the tickets that have waited longer than `ctx.days` at `now`: how many. */
export async function resolveUnansweredWaits(ctx: WaitingResolverContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ctx.days * DAY_MS);
  return ctx.db.transaction(async (tx) => {
    const waited = await lockTicketsWaitingSince(tx, before, TICKETS_PER_BATCH);
    if (waited.length === 0) return 0;
    const why = { reason: 'no_answer', waited_days: ctx.days };
    await resolveTickets(tx, ctx.tell, DESK_ACTOR, waited, why);
    await replyToEach(tx, waited, ctx.days, why);
    await publishEvents(
      tx,
      waited.map((ticket) => ({
        event: 'ticket.changed' as const,
        ticket_id: ticket.ticketId,
        issuer_user_id: ticket.issuerUserId,
        internal: false,
      })),
    );
    return waited.length;
  });
}

/**
 * The `sla.waiting` job: a few batches, then again after `everyMs` (sooner while batches come back
 * full). Safe to run twice: a resolved ticket no longer waits.
 */
export function waitingJobHandler(ctx: WaitingResolverContext, everyMs: number): JobHandler {
  return async () => {
    for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
      if ((await resolveUnansweredWaits(ctx)) < TICKETS_PER_BATCH) return { runAt: new Date(Date.now() + everyMs) };
    }
    return { runAt: new Date() };
  };
}
