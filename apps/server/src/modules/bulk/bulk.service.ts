/**
 * Bulk actions (DESIGN.md §30): staff forward, resolve, assign, prioritise or link to an incident
 * up to BULK_MAX_TICKETS tickets in one request. Each ticket goes through the single action's own
 * service, so it is checked as if acted on alone (§6, §14) and leaves its own audit row, live
 * events and issuer notices; a ticket that action refuses is reported with the single endpoint's
 * message and changes nothing.
 *
 * The tickets are taken by ascending id, BULK_BATCH_SIZE to a transaction, each ticket in a
 * savepoint of its own (the single service's transaction, nested): a refusal rolls back that
 * ticket's savepoint only, and its events and notices with it. Ascending ids lock rows in one
 * order, so two bulk requests over the same tickets wait for each other instead of deadlocking.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AppError, BULK_BATCH_SIZE, canActInBulk, type BulkAction, type BulkActionBody } from '@switchboard/shared';
import type { SatisfactionConfig } from '../../config-satisfaction.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { assignTicket } from '../assignment/assignment.service.ts';
import { forwardTicket } from '../forwarding/forwarding.service.ts';
import { linkTicketsToIncident } from '../incidents/incidents.service.ts';
import type { TellSettings } from '../notifications/tell-issuer.ts';
import { setTicketPriority } from '../priority/priority.service.ts';
import { resolveTicket } from '../tickets/ticket-workflow.ts';

export interface BulkContext {
  db: Db;
  /** How an issuer is told of a resolve (DESIGN.md §13). */
  tell: TellSettings;
  /** Whether a resolve asks its issuer how it went (DESIGN.md §25). */
  satisfaction: Pick<SatisfactionConfig, 'on' | 'delayMinutes'>;
  log: FastifyBaseLogger;
}

/** One ticket's action, as its single endpoint does it; `ctx.db` is the batch's transaction. */
type ActOnOne<A extends BulkAction> = (
  ctx: BulkContext,
  actor: Actor,
  ticketId: number,
  body: Extract<BulkActionBody, { action: A }>,
) => Promise<unknown>;

/**
 * The single action behind each bulk action: one entry per action of the schema (a new action
 * of bulkActionBodySchema does not compile without its entry here).
 */
const SINGLE_ACTIONS: { [A in BulkAction]: ActOnOne<A> } = {
  forward: (ctx, actor, ticketId, body) =>
    forwardTicket(
      ctx,
      actor,
      {
        ticket_id: ticketId,
        newly_issued_to: body.newly_issued_to,
        forward_cause: body.forward_cause,
        is_in_forward_loop: body.is_in_forward_loop,
      },
      actor.ip,
    ),
  resolve: (ctx, actor, ticketId) => resolveTicket(ctx, actor, ticketId, actor.ip),
  assign: (ctx, actor, ticketId, body) => assignTicket(ctx, actor, ticketId, { user_id: body.user_id }),
  priority: (ctx, actor, ticketId, body) => setTicketPriority(ctx, actor, ticketId, { priority: body.priority }),
  incident: (ctx, actor, ticketId, body) => linkTicketsToIncident(ctx, actor, body.incident_id, [ticketId]),
};

function actOnOne(ctx: BulkContext, actor: Actor, ticketId: number, body: BulkActionBody): Promise<unknown> {
  const act = SINGLE_ACTIONS[body.action] as ActOnOne<BulkAction>;
  return act(ctx, actor, ticketId, body);
}

export interface BulkOutcome {
  done: number[];
  refused: { ticketId: number; error: AppError }[];
}

function batchesOf(ids: number[], size: number): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < ids.length; start += size) batches.push(ids.slice(start, start + size));
  return batches;
}

/**
 * Does the action on each ticket (ascending ids), in batches; returns what was done and what was
 * refused, with why. An error that is not a refusal (a bug, a constraint) refuses that ticket
 * alone with `bulk.failed` and is logged; a batch that cannot commit fails the request, and the
 * batches before it stay done (their audit rows say so).
 */
export async function actInBulk(ctx: BulkContext, actor: Actor, body: BulkActionBody): Promise<BulkOutcome> {
  if (!canActInBulk(actor)) throw new AppError('forbidden', 'bulk.staffOnly');
  const ids = [...body.ticket_ids].sort((a, b) => a - b);
  const outcome: BulkOutcome = { done: [], refused: [] };
  for (const batch of batchesOf(ids, BULK_BATCH_SIZE)) {
    const settled = await ctx.db.transaction(async (tx) => {
      const ofBatch: BulkOutcome = { done: [], refused: [] };
      for (const ticketId of batch) {
        try {
          await actOnOne({ ...ctx, db: tx }, actor, ticketId, body);
          ofBatch.done.push(ticketId);
        } catch (error) {
          if (!(error instanceof AppError)) ctx.log.error({ err: error, ticketId, action: body.action }, 'bulk action failed');
          ofBatch.refused.push({ ticketId, error: error instanceof AppError ? error : new AppError('internal', 'bulk.failed') });
        }
      }
      return ofBatch;
    });
    outcome.done.push(...settled.done);
    outcome.refused.push(...settled.refused);
  }
  return outcome;
}
