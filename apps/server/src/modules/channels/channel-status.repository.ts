/** SQL of the admins' channel view (DESIGN.md §24): short reads over indexed ranges, one per figure. */
import { and, count, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ChannelName, InboundOutcome, NotificationChannel } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { apiClients, channelStates, inboundMessages, outboxMessages } from '../../db/schema.ts';

export type ChannelStateRow = typeof channelStates.$inferSelect;

/** Whether a client whose token still works (not revoked, not expired) has the `channels:inbound` scope. */
export async function hasLiveInboundClient(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: apiClients.id })
    .from(apiClients)
    .where(
      and(
        sql`'channels:inbound' = any(${apiClients.scopes})`,
        isNull(apiClients.revokedAt),
        or(isNull(apiClients.expiresAt), gt(apiClients.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface TakenSummary {
  lastAt: Date | null;
  lastOutcome: InboundOutcome | null;
  lastDay: number;
}

/** The last message that came in on `channel` and the number of the last 24 hours (index on channel, received_at). */
export async function summarizeInbound(db: Db, channel: NotificationChannel): Promise<TakenSummary> {
  const [last] = await db
    .select({ at: inboundMessages.receivedAt, outcome: inboundMessages.outcome })
    .from(inboundMessages)
    .where(eq(inboundMessages.channel, channel))
    .orderBy(desc(inboundMessages.receivedAt))
    .limit(1);
  const [counted] = await db
    .select({ total: count() })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.channel, channel), gt(inboundMessages.receivedAt, sql`now() - interval '1 day'`)));
  return { lastAt: last?.at ?? null, lastOutcome: last?.outcome ?? null, lastDay: counted?.total ?? 0 };
}

/** The last delivery report and the number of the last 24 hours (partial index on delivery_at). */
export async function summarizeDeliveryReports(db: Db): Promise<TakenSummary> {
  const [last] = await db
    .select({ at: outboxMessages.deliveryAt })
    .from(outboxMessages)
    .where(isNotNull(outboxMessages.deliveryAt))
    .orderBy(desc(outboxMessages.deliveryAt))
    .limit(1);
  const [counted] = await db
    .select({ total: count() })
    .from(outboxMessages)
    .where(and(isNotNull(outboxMessages.deliveryAt), gt(outboxMessages.deliveryAt, sql`now() - interval '1 day'`)));
  return { lastAt: last?.at ?? null, lastOutcome: null, lastDay: counted?.total ?? 0 };
}

/** Every channel's stored state; a channel that never noted anything has no row. */
export async function listChannelStates(db: Db): Promise<Map<ChannelName, ChannelStateRow>> {
  const rows = await db.select().from(channelStates);
  return new Map(rows.map((row) => [row.channel, row]));
}
