/**
 * SQL of `inbound_messages` for SMS (DESIGN.md §24): one row per gateway message id, claimed first
 * in the transaction of what the message does, so that a repeated callback changes nothing.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import type { InboundOutcome } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { inboundMessages } from '../../db/schema.ts';

export interface InboundRecord {
  outcome: InboundOutcome;
  ticketId: number | null;
}

/**
 * Claims the gateway's message id for this transaction: the row's id, or null when another call
 * took it first. A concurrent claim of the same id waits here until the first commits (the unique
 * key), then finds it taken.
 */
export async function claimInboundSms(
  tx: Db,
  externalId: string,
  sender: string,
  outcome: InboundOutcome,
): Promise<number | null> {
  const [row] = await tx
    .insert(inboundMessages)
    .values({ channel: 'sms', externalId, sender, outcome })
    .onConflictDoNothing({ target: [inboundMessages.channel, inboundMessages.externalId] })
    .returning({ id: inboundMessages.id });
  return row?.id ?? null;
}

/** What the message of that id became. */
export async function findInboundSms(db: Db, externalId: string): Promise<InboundRecord | undefined> {
  const [row] = await db
    .select({ outcome: inboundMessages.outcome, ticketId: inboundMessages.ticketId })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.channel, 'sms'), eq(inboundMessages.externalId, externalId)));
  return row;
}

/** Records what a claimed message became. */
export async function recordInboundOutcome(
  tx: Db,
  id: number,
  record: InboundRecord & { detail?: string | null },
): Promise<void> {
  await tx
    .update(inboundMessages)
    .set({ outcome: record.outcome, ticketId: record.ticketId, detail: record.detail ?? null })
    .where(eq(inboundMessages.id, id));
}

/** The messages a number sent since `since` (its hourly limit), counted from the sender index. */
export async function countInboundSmsSince(db: Db, sender: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.channel, 'sms'), eq(inboundMessages.sender, sender), gt(inboundMessages.receivedAt, since)));
  return row?.n ?? 0;
}
