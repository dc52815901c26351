/** SQL of the outbox (`outbox_messages`): writing messages, the worker's claims, the lists staff read. */
import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessages(db: Db, rows: NewOutboxRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(outboxMessages).values(rows);
}

/**
 * Writes the messages unless the ticket has a reply message written after `since` (the reply
 * throttle), in one statement; whether they were written.
 */
export async function insertUnlessRepliedSince(db: Db, rows: NewOutboxRow[], ticketId: number, since: Date): Promise<boolean> {
  const recentReply = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.ticketId, ticketId), eq(outboxMessages.kind, 'reply'), gt(outboxMessages.createdAt, since)));
  const messages = rows.map((row) => ({
    channel: row.channel,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject ?? null,
    body: row.body,
    ticket_id: row.ticketId ?? null,
  }));
  // Both drivers answer with the rows the statement returned.
  const written = (await db.execute(sql`insert into ${outboxMessages} (channel, kind, recipient, subject, body, ticket_id)
    select channel, kind, recipient, subject, body, ticket_id
    from jsonb_to_recordset(${JSON.stringify(messages)}::jsonb)
      as m(channel text, kind text, recipient text, subject text, body text, ticket_id bigint)
    where not exists (${recentReply})
    returning 1`)) as { rows: unknown[] };
  return written.rows.length > 0;
}

/**
 * Takes the soonest due message for one send: its attempt is counted and it is hidden from every
 * other worker until `leaseMs` have passed (by then the send has finished or timed out). SKIP
 * LOCKED lets workers of several processes claim side by side without ever taking the same row.
 */
export async function claimDueMessage(db: Db, leaseMs: number): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'pending'), sql`${outboxMessages.dueAt} <= now()`))
    .orderBy(outboxMessages.dueAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(outboxMessages)
    .set({
      attempts: sql`${outboxMessages.attempts} + 1`,
      dueAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
  return row;
}

export type SendOutcome =
  { status: 'sent' } | { status: 'pending'; retryInMs: number; error: string } | { status: 'failed'; error: string };

/**
 * The outcome of a claimed send. Conditional on the claim (still pending, same attempt), so a
 * worker whose lease ran out cannot overwrite what a later claim recorded.
 */
export async function recordOutcome(db: Db, claimed: Pick<OutboxRow, 'id' | 'attempts'>, outcome: SendOutcome): Promise<boolean> {
  const set =
    outcome.status === 'sent'
      ? { status: 'sent' as const, sentAt: sql`now()` }
      : outcome.status === 'pending'
        ? { dueAt: sql`now() + make_interval(secs => ${outcome.retryInMs / 1000})`, lastError: outcome.error }
        : { status: 'failed' as const, lastError: outcome.error };
  const rows = await db
    .update(outboxMessages)
    .set(set)
    .where(
      and(eq(outboxMessages.id, claimed.id), eq(outboxMessages.status, 'pending'), eq(outboxMessages.attempts, claimed.attempts)),
    )
    .returning({ id: outboxMessages.id });
  return rows.length === 1;
}

/** A page of the messages `where` selects, newest first, and their count. */
async function messagesPage(db: Db, where: SQL, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(outboxMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A page of a ticket's messages, newest first, and their count. */
export function listTicketMessagesPage(db: Db, ticketId: number, offset: number, limit: number) {
  return messagesPage(db, eq(outboxMessages.ticketId, ticketId), offset, limit);
}

/** A page of the messages that kept failing, newest first (the partial index of failures serves it). */
export function listFailedMessagesPage(db: Db, offset: number, limit: number) {
  return messagesPage(db, eq(outboxMessages.status, 'failed'), offset, limit);
}
