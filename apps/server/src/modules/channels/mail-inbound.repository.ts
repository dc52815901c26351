/** SQL of the mail reader (DESIGN.md §24): the mails taken (`inbound_messages`) and its channel's health. */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { InboundOutcome } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { channelStates, inboundMessages } from '../../db/schema.ts';

/** The channel row the mail reader keeps. */
const CHANNEL = 'email_inbound';

export interface TakenMail {
  /** `<uidvalidity>:<uid>` of the mailbox. */
  externalId: string;
  /** The sender's address, lower case. */
  sender: string;
  outcome: InboundOutcome;
  ticketId?: number | null;
  detail?: string | null;
}

/** Whether a mail of the mailbox was taken before (by this process or another). */
export async function isMailTaken(db: Db, externalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inboundMessages.id })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.channel, 'email'), eq(inboundMessages.externalId, externalId)));
  return row !== undefined;
}

/**
 * Records what a mail became, once: false when another reader recorded it first (its unique key),
 * so that the caller rolls back whatever it filed.
 */
export async function recordTakenMail(db: Db, mail: TakenMail): Promise<boolean> {
  const rows = await db
    .insert(inboundMessages)
    .values({ channel: 'email', ...mail })
    .onConflictDoNothing()
    .returning({ id: inboundMessages.id });
  return rows.length === 1;
}

/** The mails of one address taken since `since` (its hourly limit). */
export async function countMailsOfSenderSince(db: Db, sender: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.channel, 'email'), eq(inboundMessages.sender, sender), gte(inboundMessages.receivedAt, since)));
  return row?.n ?? 0;
}

/** The tickets mail opened since `since`, from every address (the ceiling of new tickets by mail). */
export async function countTicketsByMailSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboundMessages)
    .where(
      and(eq(inboundMessages.channel, 'email'), eq(inboundMessages.outcome, 'ticket'), gte(inboundMessages.receivedAt, since)),
    );
  return row?.n ?? 0;
}

/** The session with the mailbox is alive now. */
export async function markMailboxSeen(db: Db): Promise<void> {
  await db
    .insert(channelStates)
    .values({ channel: CHANNEL, seenAt: sql`now()` })
    .onConflictDoUpdate({ target: channelStates.channel, set: { seenAt: sql`now()` } });
}

/** The mailbox's last error (already free of passwords), with its time. */
export async function recordMailboxError(db: Db, error: string): Promise<void> {
  const set = { lastError: error, lastErrorAt: sql`now()` };
  await db
    .insert(channelStates)
    .values({ channel: CHANNEL, ...set })
    .onConflictDoUpdate({ target: channelStates.channel, set });
}
