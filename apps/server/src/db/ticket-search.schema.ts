/**
 * The dictionary of the tickets' words (DESIGN.md §19, §10): the text search reads which ticket has
 * which word here, never the titles, descriptions and comments themselves, since a common word is
 * in hundreds of thousands of them. Kept by triggers on tickets and comments
 * (modules/tickets/ticket-words.sql), so every writer keeps it; `words_of` there is what a word is.
 */
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tickets } from './desk.schema.ts';

/**
 * Each word of any ticket, once, lower case. Its trigram index finds the terms a searched word is a
 * part of; a new term goes into that index at once rather than into a pending list that every
 * search would read until a vacuum (fastupdate).
 */
export const ticketTerms = pgTable(
  'ticket_terms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    term: text('term').notNull(),
  },
  (t) => [
    uniqueIndex('ticket_terms_term').on(t.term),
    index('ticket_terms_trgm').using('gin', t.term.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/**
 * Which ticket has which term, and whether a customer or agent may find it there: a public row when
 * the term is in the title, the description or a comment, another when it is in an internal note.
 * The key answers "has this ticket one of these terms"; `ticket_words_search` gives a term's tickets
 * newest first, as the list shows them, so a common word's first page reads a thousand entries of
 * it and no more. `created_at` is the ticket's.
 */
export const ticketWords = pgTable(
  'ticket_words',
  {
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.ticketId, { onDelete: 'cascade' }),
    // No foreign key: terms are never removed, and its check would take a share lock on a common
    // term's row for every comment written, which concurrent writers would then share (multixacts).
    termId: integer('term_id').notNull(),
    public: boolean('public').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.termId, t.public] }),
    index('ticket_words_search').on(t.termId, t.createdAt, t.ticketId, t.public),
  ],
);
