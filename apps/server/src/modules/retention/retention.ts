/**
 * Retention (DESIGN.md §29): closed tickets solved more than RETENTION_CLOSED_TICKET_DAYS ago go,
 * with their comments, forwards, history and every row naming them, in batches of
 * TICKETS_PER_BATCH a transaction, each with one `tickets.retention` audit row listing the ids (the
 * audit's own rows about the tickets stay: the trail is append-only). Their bucket objects go after
 * the rows, through the REMOVED_OBJECT marks, so a failed delete is tried again by the next run. A
 * recurring leased job (`retention.tickets`) runs once a day in one process of the desk.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { SYSTEM_ACCOUNT_ID } from '../alarms/alarm-recovery.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import type { JobHandler } from '../jobs/job-runner.ts';
import type { StorageDriver } from '../storage/storage-contract.ts';
import {
  attachmentKeysOf,
  deleteTicketsWithRows,
  forgetRemovedObject,
  lockRemovableTickets,
  markObjectsRemoved,
  objectsToRemove,
} from './retention.repository.ts';

/** The recurring job's kind and key. */
export const RETENTION_JOB = 'retention.tickets';
/** Tickets one transaction removes (a merge target's sources come along on top). */
export const TICKETS_PER_BATCH = 200;
/** Batches of one run; a run that finds more comes back at once, after the other jobs had their turn. */
const BATCHES_PER_RUN = 10;
/** Objects one run asks the bucket to delete. */
const OBJECTS_PER_RUN = 2_000;
const DAY_MS = 24 * 60 * 60_000;

export interface RetentionContext {
  db: Db;
  storage: Pick<StorageDriver, 'remove'>;
  /** RETENTION_CLOSED_TICKET_DAYS. */
  days: number;
  log?: FastifyBaseLogger;
}

/** Removes one batch of the tickets closed more than `ctx.days` before `now`: how many went. */
export async function removeClosedTickets(ctx: RetentionContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ctx.days * DAY_MS);
  return ctx.db.transaction(async (tx) => {
    const ticketIds = await lockRemovableTickets(tx, before, TICKETS_PER_BATCH);
    if (ticketIds.length === 0) return 0;
    const keys = await attachmentKeysOf(tx, ticketIds);
    await deleteTicketsWithRows(tx, ticketIds);
    await markObjectsRemoved(tx, keys);
    await insertAuditEntry(tx, {
      actorUserId: SYSTEM_ACCOUNT_ID,
      action: 'tickets.retention',
      target: 'tickets',
      ip: '',
      details: { ticket_ids: ticketIds, days: ctx.days, closed_before: before.toISOString(), objects: keys.length },
    });
    return ticketIds.length;
  });
}

/** Deletes the marked objects from the bucket, forgetting each once it went: how many went and failed. */
export async function removeMarkedObjects(ctx: RetentionContext): Promise<{ removed: number; failed: number }> {
  let removed = 0;
  let failed = 0;
  for (const key of await objectsToRemove(ctx.db, OBJECTS_PER_RUN)) {
    try {
      await ctx.storage.remove(key);
      await forgetRemovedObject(ctx.db, key);
      removed += 1;
    } catch (error) {
      // The mark stays: the next run tries again.
      ctx.log?.warn({ err: error, key }, 'a removed ticket’s object could not be deleted; the next run tries again');
      failed += 1;
    }
  }
  return { removed, failed };
}

/** A run again after objects the bucket refused: sooner than tomorrow, not in a loop. */
const RETRY_MS = 60 * 60_000;

/** The `retention.tickets` job: a few batches and their objects, then again tomorrow (at once while there is more). */
export function retentionJobHandler(ctx: RetentionContext): JobHandler {
  return async () => {
    let full = true;
    for (let batch = 0; batch < BATCHES_PER_RUN && full; batch += 1) {
      full = (await removeClosedTickets(ctx)) >= TICKETS_PER_BATCH;
    }
    const objects = await removeMarkedObjects(ctx);
    const moreObjects = objects.failed === 0 && objects.removed >= OBJECTS_PER_RUN;
    const wait = full || moreObjects ? 0 : objects.failed > 0 ? RETRY_MS : DAY_MS;
    return { runAt: new Date(Date.now() + wait) };
  };
}
