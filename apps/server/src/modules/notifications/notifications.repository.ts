/** SQL of the outbox (`outbox_messages`): writing messages, the worker's claims, the lists staff read. */
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DeliveryReport } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { broadcasts, outboxMessages } from '../../db/schema.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessages(db: Db, rows: NewOutboxRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(outboxMessages).values(rows);
}

/** Messages as one jsonb parameter, read back by `outboxRowsOf`. */
export function outboxRowsParam(rows: NewOutboxRow[]): string {
  return JSON.stringify(
    rows.map((row) => ({
      channel: row.channel,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject ?? null,
      body: row.body,
      ticket_id: row.ticketId ?? null,
    })),
  );
}

/** The messages of `outboxRowsParam` as rows of a select, for an insert into the outbox. */
export function outboxRowsOf(param: SQL): SQL {
  return sql`select channel, kind, recipient, subject, body, ticket_id
    from jsonb_to_recordset(${param}::jsonb)
      as m(channel text, kind text, recipient text, subject text, body text, ticket_id bigint)`;
}

/**
 * The messages of `outboxMessagesParams(rows)` written to the outbox when `when` (SQL) holds: a CTE
 * of a prepared statement that makes the change they tell of, so that both are one statement.
 */
export function outboxInsertOf(when: SQL): SQL {
  return sql`insert into ${outboxMessages} (channel, kind, recipient, subject, body, ticket_id)
    ${outboxRowsOf(sql`${sql.placeholder('outboxMessages')}`)} where ${when}`;
}

export function outboxMessagesParams(rows: NewOutboxRow[]) {
  return { outboxMessages: outboxRowsParam(rows) };
}

/**
 * The ticket of the newest of our e-mails among `messageIds` (an answer's In-Reply-To and
 * References, without brackets); null when none is ours.
 */
export async function findTicketOfMessageIds(db: Db, messageIds: string[]): Promise<number | null> {
  if (messageIds.length === 0) return null;
  const [row] = await db
    .select({ ticketId: outboxMessages.ticketId })
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.messageId, messageIds), isNotNull(outboxMessages.ticketId)))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return row?.ticketId ?? null;
}

/** At most one reply message per ticket in this time; a resolve is always told. */
export const REPLY_THROTTLE_MS = 10 * 60_000;

/**
 * Whether the reply throttle lets a ticket's issuer be told of a reply now, as SQL over the
 * ticket's `reply_told_at` (when its issuer was last told of one).
 */
export function replyMayBeTold(toldAt: SQL): SQL {
  return sql`(${toldAt} is null or ${toldAt} <= now() - ${sql.raw(`interval '${REPLY_THROTTLE_MS / 1000} seconds'`)})`;
}

/**
 * Takes the soonest due message for one send: its attempt is counted and it is hidden from every
 * other worker until `leaseMs` have passed (by then the send has finished or timed out). SKIP
 * LOCKED lets workers of several processes claim side by side without ever taking the same row.
 * An e-mail gets its Message-ID (`outbox-<id>@<mailDomain>`) stored with its first claim, before
 * it can leave: every writer of the outbox (several are single SQL statements) stays as it is, and
 * every attempt carries the same id.
 */
export async function claimDueMessage(db: Db, leaseMs: number, mailDomain: string): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'pending'),
        sql`${outboxMessages.dueAt} <= now()`,
        // A broadcast's messages go at the shared pace, claimed by the broadcast sender.
        isNull(outboxMessages.broadcastId),
      ),
    )
    .orderBy(outboxMessages.dueAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(outboxMessages)
    .set({
      attempts: sql`${outboxMessages.attempts} + 1`,
      dueAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      messageId: sql`coalesce(${outboxMessages.messageId}, case when ${outboxMessages.channel} = 'email'
        then 'outbox-' || ${outboxMessages.id} || '@' || ${mailDomain}::text end)`,
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

/**
 * The messages the admins' Failed list shows: those that kept failing, and those the gateway took
 * but reported undelivered (DESIGN.md §24). The same text as the predicate of the partial index
 * `outbox_messages_failed`, so that the index serves the list.
 */
export const FAILED_MESSAGES = sql`(status = 'failed' or delivery in ('failed', 'expired'))`;

/** A page of the failed messages, newest first (the partial index of failures serves it). */
export function listFailedMessagesPage(db: Db, offset: number, limit: number) {
  return messagesPage(db, FAILED_MESSAGES, offset, limit);
}

/**
 * Records what the SMS gateway reported of a message (DESIGN.md §24). A first report is kept; a
 * later `delivered` replaces a failure (a gateway may retry after reporting one); anything else
 * changes nothing, so a repeated report is harmless. Undefined when no such message exists;
 * otherwise whether the row changed, and its broadcast with the broadcast's incident.
 */
export async function recordDeliveryReport(db: Db, outboxId: string, delivery: DeliveryReport) {
  const [changed] = await db
    .update(outboxMessages)
    .set({ delivery, deliveryAt: sql`now()` })
    .where(
      and(
        eq(outboxMessages.id, outboxId),
        eq(outboxMessages.channel, 'sms'),
        or(isNull(outboxMessages.delivery), and(ne(outboxMessages.delivery, 'delivered'), sql`${delivery} = 'delivered'`)),
      ),
    )
    .returning({
      broadcastId: outboxMessages.broadcastId,
      incidentId: sql<number | null>`(select b.incident_id::int from ${broadcasts} b where b.id = ${outboxMessages.broadcastId})`,
    });
  if (changed) return { changed: true, broadcastId: changed.broadcastId, incidentId: changed.incidentId };
  const [exists] = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, outboxId), eq(outboxMessages.channel, 'sms')));
  return exists ? { changed: false, broadcastId: null, incidentId: null } : undefined;
}
