/**
 * SQL of the warnings' scan (DESIGN.md §26): the unsolved tickets whose next warning is due, claimed
 * for the scanning transaction, their stage moved on, and the staff to tell.
 */
import { and, asc, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { IssuedTo } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { tickets, users } from '../../db/schema.ts';

/** 1 due soon, 2 breached, 3 escalated. */
export type SlaStage = 1 | 2 | 3;

export interface DueTicket {
  ticketId: number;
  issuedTo: IssuedTo;
  /** The assignee, when a live person. */
  assigneeUserId: string | null;
  /** The stage the ticket has reached now. */
  reached: SlaStage;
}

/**
 * Claims up to `limit` tickets past a warning they were not told yet, for this transaction: the
 * range `warn_at <= now()` of the partial index tickets_sla_pending (unsolved, not escalated, not
 * waiting). FOR UPDATE SKIP LOCKED: two scans at once never take the same ticket; a ticket another
 * transaction moved meanwhile is checked again on its new row, so a warning is never told twice.
 */
export async function claimDueTickets(tx: Db, escalateHours: number, limit: number): Promise<DueTicket[]> {
  const reached = sql<number>`(case
    when ${tickets.dueAt} <= now() - make_interval(hours => ${escalateHours}) then 3
    when ${tickets.dueAt} <= now() then 2 else 1 end)`;
  const rows = await tx
    .select({
      ticketId: tickets.ticketId,
      issuedTo: tickets.issuedTo,
      assigneeUserId: sql<string | null>`(select u.id from ${users} u
        where u.id = ${tickets.assigneeUserId} and u.deleted_at is null and u.kind = 'person')`,
      reached,
    })
    .from(tickets)
    .where(
      and(
        ne(tickets.ticketStatus, 'closed'),
        lt(tickets.slaStage, 3),
        isNull(tickets.waitingSince),
        lte(tickets.warnAt, sql`now()`),
        sql`${reached} > ${tickets.slaStage}`,
      ),
    )
    .orderBy(asc(tickets.warnAt))
    .limit(limit)
    .for('update', { of: tickets, skipLocked: true });
  return rows.map((row) => ({ ...row, reached: Number(row.reached) as SlaStage }));
}

/** Records the stage the tickets reached (they are locked by the claim). */
export async function setSlaStage(tx: Db, ticketIds: number[], stage: SlaStage): Promise<void> {
  if (ticketIds.length === 0) return;
  await tx.update(tickets).set({ slaStage: stage }).where(inArray(tickets.ticketId, ticketIds));
}
