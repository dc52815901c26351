/**
 * Two-way channels (DESIGN.md §24): every message that came in by SMS or e-mail, taken once, and
 * each channel's last error, for the admins' "Channels" page. Re-exported by schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CHANNEL_NAMES, INBOUND_OUTCOMES, NOTIFICATION_CHANNELS } from '@switchboard/shared';
import { tickets } from './desk.schema.ts';
import { oneOf } from './value-sets.ts';

/**
 * One row per message that came in, written with what it became: the unique key makes a repeated
 * callback (the gateway's message id) or a message read twice (`<uidvalidity>:<uid>` of the
 * mailbox) change nothing, and the sender's rows in the last hour are its limit.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    externalId: text('external_id').notNull(),
    /** The number (stored `88…`) or the address (lower case) it came from. */
    sender: text('sender').notNull(),
    outcome: text('outcome', { enum: INBOUND_OUTCOMES }).notNull(),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => tickets.ticketId),
    /** Why it was ignored, limited or refused, in a few words. */
    detail: text('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbound_messages_external').on(t.channel, t.externalId),
    index('inbound_messages_sender').on(t.channel, t.sender, t.receivedAt),
    index('inbound_messages_received').on(t.channel, t.receivedAt),
    // A removed ticket's messages (retention, DESIGN.md §29).
    index('inbound_messages_ticket')
      .on(t.ticketId)
      .where(sql`ticket_id is not null`),
    oneOf('inbound_messages', t.channel, NOTIFICATION_CHANNELS),
    oneOf('inbound_messages', t.outcome, INBOUND_OUTCOMES),
  ],
);

/**
 * Each channel's health as the processes last saw it: when the mail worker's session last said it
 * was alive (`seen_at`), and the last error of the channel with its time.
 */
export const channelStates = pgTable(
  'channel_states',
  {
    channel: text('channel', { enum: CHANNEL_NAMES }).primaryKey(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  },
  (t) => [oneOf('channel_states', t.channel, CHANNEL_NAMES)],
);
