/** Builders and reads shared by the warnings' tests: tickets at a moment of their clock, and the items told. */
import { and, eq, sql } from 'drizzle-orm';
import type { IssuedTo } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { inboxItems, tickets, users } from '../../db/schema.ts';
import { buildUser } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';

export interface ClockMinutes {
  /** Minutes since the ticket became due soon (negative: not yet). */
  warnedAgo: number;
  /** Minutes since it became due (negative: not yet). */
  dueAgo: number;
}

/**
 * An unsolved ticket held by `holder` whose warn_at and due_at lie these minutes in the past. The
 * columns are written directly: the due-time trigger keeps them only when the clock's inputs change.
 */
export async function ticketAt(db: Db, holder: IssuedTo, clock: ClockMinutes, assigneeUserId: string | null = null) {
  const customer = await buildUser(db);
  const ticket = await buildTicket(db, customer, { issuedTo: holder });
  await db
    .update(tickets)
    .set({
      assigneeUserId,
      warnAt: sql`now() - make_interval(mins => ${clock.warnedAgo})`,
      dueAt: sql`now() - make_interval(mins => ${clock.dueAgo})`,
    })
    .where(eq(tickets.ticketId, ticket.ticketId));
  return ticket;
}

export async function stageOf(db: Db, ticketId: number): Promise<number | undefined> {
  const [row] = await db.select({ stage: tickets.slaStage }).from(tickets).where(eq(tickets.ticketId, ticketId));
  return row?.stage;
}

/** The kinds of the items a person was told of a ticket. */
export async function itemsOf(db: Db, userId: string, ticketId: number): Promise<string[]> {
  const rows = await db
    .select({ kind: inboxItems.kind })
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, userId), eq(inboxItems.ticketId, ticketId)));
  return rows.map((row) => row.kind).sort();
}

/** Every item of a ticket, as `kind user` lines. */
export async function allItemsOf(db: Db, ticketId: number): Promise<string[]> {
  const rows = await db
    .select({ kind: inboxItems.kind, userId: inboxItems.userId })
    .from(inboxItems)
    .where(eq(inboxItems.ticketId, ticketId));
  return rows.map((row) => `${row.kind} ${row.userId}`).sort();
}

export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId));
}
