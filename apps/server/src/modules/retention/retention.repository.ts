/**
 * SQL of retention (DESIGN.md §29): which closed tickets may go, everything that hangs on them, and
 * the bucket objects they leave behind. A removed ticket's object keys are kept in `uploads` with
 * the mark REMOVED_OBJECT in the transaction that removes the rows, and forgotten only once the
 * bucket has let the object go: a failed delete is tried again by the next run, never lost.
 */
import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  comments,
  forwardChainMembers,
  forwardEvents,
  inboundMessages,
  inboxItems,
  outboxMessages,
  ratingQuestions,
  ticketLinks,
  ticketPresence,
  ticketRatings,
  tickets,
  ticketStatusEvents,
  ticketTags,
  ticketWords,
  uploads,
} from '../../db/schema.ts';

/** `uploads.used_by` of an object whose ticket retention removed and whose bucket copy is still to go. */
export const REMOVED_OBJECT = 'retention:removed';

/**
 * Every row that names a ticket by `ticket_id`, removed before the ticket: the tables and columns
 * that reference tickets (retention.test.ts checks the list against the database's foreign keys).
 */
export const TICKET_CHILDREN: { table: PgTable; column: PgColumn }[] = [
  { table: comments, column: comments.ticketId },
  { table: forwardEvents, column: forwardEvents.ticketId },
  { table: forwardChainMembers, column: forwardChainMembers.ticketId },
  { table: ticketStatusEvents, column: ticketStatusEvents.ticketId },
  { table: ticketTags, column: ticketTags.ticketId },
  { table: ticketWords, column: ticketWords.ticketId },
  { table: ticketPresence, column: ticketPresence.ticketId },
  { table: ratingQuestions, column: ratingQuestions.ticketId },
  { table: ticketRatings, column: ticketRatings.ticketId },
  { table: inboxItems, column: inboxItems.ticketId },
  { table: inboundMessages, column: inboundMessages.ticketId },
  { table: outboxMessages, column: outboxMessages.ticketId },
  { table: ticketLinks, column: ticketLinks.lowTicketId },
  { table: ticketLinks, column: ticketLinks.highTicketId },
];

/** Columns that name the ticket a merge moved a row from: emptied on the rows that stay. */
export const MERGE_ORIGINS: { table: typeof comments | typeof forwardEvents; column: PgColumn }[] = [
  { table: comments, column: comments.fromTicketId },
  { table: forwardEvents, column: forwardEvents.fromTicketId },
];

const idList = (ids: number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The rows of a raw statement's result: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows as Row[];
  throw new Error('a statement answered without rows');
}

/**
 * Up to `limit` closed tickets solved before `before` that nothing merged an unsolved ticket into,
 * locked (SKIP LOCKED: two runners never share one), with the sources merged into them at any
 * depth: a merge's source goes with its target, never before it (docs/decisions.md). A ticket
 * reopened meanwhile is no longer closed once its lock is held, and stays.
 */
export async function lockRemovableTickets(tx: Db, before: Date, limit: number): Promise<number[]> {
  const roots = await tx
    .select({ id: tickets.ticketId })
    .from(tickets)
    .where(
      and(
        eq(tickets.ticketStatus, 'closed'),
        lt(tickets.resolvedAt, before),
        isNull(tickets.mergedInto),
        // A target whose source was reopened waits; leaving it out here keeps it from filling every batch.
        sql`not exists (select 1 from ${tickets} s where s.merged_into = ${tickets.ticketId} and s.ticket_status <> 'closed')`,
      ),
    )
    .orderBy(asc(tickets.resolvedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (roots.length === 0) return [];
  const merged = rowsOf<{ ticket_id: string; root: string }>(
    await tx.execute(sql`
    with recursive sources(ticket_id, root) as (
      select ticket_id, merged_into from tickets where merged_into in (${idList(roots.map((row) => row.id))})
      union all
      select t.ticket_id, s.root from tickets t join sources s on t.merged_into = s.ticket_id
    )
    select ticket_id, root from sources`),
  );
  const rootOf = new Map(merged.map((row) => [Number(row.ticket_id), Number(row.root)]));
  const sources = [...rootOf.keys()];
  const locked =
    sources.length === 0
      ? []
      : await tx
          .select({ id: tickets.ticketId, status: tickets.ticketStatus })
          .from(tickets)
          .where(inArray(tickets.ticketId, sources))
          .for('update');
  const held = new Set(locked.filter((row) => row.status !== 'closed').map((row) => rootOf.get(row.id)));
  const kept = roots.map((row) => row.id).filter((id) => !held.has(id));
  return [...kept, ...sources.filter((id) => !held.has(rootOf.get(id)))];
}

/** The object keys the tickets and their comments name. */
export async function attachmentKeysOf(tx: Db, ticketIds: number[]): Promise<string[]> {
  const rows = rowsOf<{ key: string }>(
    await tx.execute(sql`
    select jsonb_array_elements_text(attachments) as key from tickets where ticket_id in (${idList(ticketIds)})
    union
    select jsonb_array_elements_text(attachments) from comments where ticket_id in (${idList(ticketIds)})`),
  );
  return rows.map((row) => row.key);
}

/** Removes the tickets and every row that names them; merge origins on rows that stay are emptied. */
export async function deleteTicketsWithRows(tx: Db, ticketIds: number[]): Promise<void> {
  for (const { table, column } of TICKET_CHILDREN) await tx.delete(table).where(inArray(column, ticketIds));
  for (const { table, column } of MERGE_ORIGINS)
    await tx.update(table).set({ fromTicketId: null }).where(inArray(column, ticketIds));
  await tx.delete(tickets).where(inArray(tickets.ticketId, ticketIds));
}

/** Marks the keys' objects for removal from the bucket (a key with no upload row gets one). */
export async function markObjectsRemoved(tx: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(uploads)
    .values(keys.map((key) => ({ key, usedBy: REMOVED_OBJECT })))
    .onConflictDoUpdate({ target: uploads.key, set: { usedBy: REMOVED_OBJECT } });
}

/** Up to `limit` keys whose objects are still to be removed from the bucket. */
export async function objectsToRemove(db: Db, limit: number): Promise<string[]> {
  const rows = await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.usedBy, REMOVED_OBJECT)).limit(limit);
  return rows.map((row) => row.key);
}

/** Forgets a key once the bucket let its object go. */
export async function forgetRemovedObject(db: Db, key: string): Promise<void> {
  await db.delete(uploads).where(and(eq(uploads.key, key), eq(uploads.usedBy, REMOVED_OBJECT)));
}
