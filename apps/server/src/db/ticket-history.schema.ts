/**
 * A ticket's history beside its conversation: its moves into and out of `closed`, read by the
 * number's history (DESIGN.md §12). Re-exported by schema.ts, the one schema drizzle reads.
 */
import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { TICKET_STATUSES } from '@switchboard/shared';
import { createdAt } from './columns.ts';
import { tickets, users } from './desk.schema.ts';
import { oneOf } from './value-sets.ts';

/**
 * A ticket's moves into and out of `closed` (resolved, reopened), with who made them: the number's
 * history (DESIGN.md §12) shows every resolve and reopen, not only the last.
 */
export const ticketStatusEvents = pgTable(
  'ticket_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId),
    fromStatus: text('from_status', { enum: TICKET_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: TICKET_STATUSES }).notNull(),
    byUserId: uuid('by_user_id').references(() => users.id),
    byName: text('by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_status_events_ticket').on(t.ticketId, t.createdAt),
    oneOf('ticket_status_events', t.fromStatus, TICKET_STATUSES),
    oneOf('ticket_status_events', t.toStatus, TICKET_STATUSES),
  ],
);
