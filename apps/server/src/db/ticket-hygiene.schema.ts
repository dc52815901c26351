/**
 * Keeping tickets clean (DESIGN.md §27): links between related tickets, staff's tags, and who is on
 * a ticket now. A merge needs no table of its own (tickets.merged_into, the moved rows'
 * from_ticket_id). Re-exported by schema.ts, the one schema drizzle reads.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { tickets, users } from './desk.schema.ts';

/** A link has no direction: stored once, the lower ticket id first. */
export const ticketLinks = pgTable(
  'ticket_links',
  {
    lowTicketId: bigint('low_ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId),
    highTicketId: bigint('high_ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.lowTicketId, t.highTicketId] }),
    index('ticket_links_high').on(t.highTicketId),
    check('ticket_links_ordered', sql`${t.lowTicketId} < ${t.highTicketId}`),
  ],
);

/** A ticket's tags, normalised by tagSchema (lower case, one space). `tag=` reads the second index. */
export const ticketTags = pgTable(
  'ticket_tags',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tag] }), index('ticket_tags_tag').on(t.tag, t.ticketId)],
);

/**
 * Who is on a ticket now (DESIGN.md §27): one row per person and ticket, written by each heartbeat;
 * a row older than PRESENCE_TTL_MS is gone (and removed by the next writer on that ticket).
 */
export const ticketPresence = pgTable(
  'ticket_presence',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: ['viewing', 'replying'] }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.userId] }),
    check('ticket_presence_state', sql`${t.state} in ('viewing', 'replying')`),
  ],
);
