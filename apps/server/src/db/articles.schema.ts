/**
 * Help articles (DESIGN.md §28) and the reports they avoided. Re-exported by schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ARTICLE_VISIBILITIES } from '@switchboard/shared';
import { createdAt } from './columns.ts';
import { subgroups, users } from './desk.schema.ts';
import { oneOf } from './value-sets.ts';

/**
 * One article in both languages, its Markdown as written (rendered when read). Its words are in
 * `article_words` (below), which the search reads instead of the article.
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    titleEn: text('title_en').notNull(),
    titleBn: text('title_bn').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyBn: text('body_bn').notNull(),
    visibility: text('visibility', { enum: ARTICLE_VISIBILITIES }).notNull(),
    subGroupId: uuid('sub_group_id').references(() => subgroups.id),
    published: boolean('published').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_slug').on(t.slug),
    index('articles_updated').on(t.updatedAt),
    oneOf('articles', t.visibility, ARTICLE_VISIBILITIES),
    check('articles_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) between 3 and 80`),
  ],
);

/**
 * The dictionary of the articles' words: every word of a title or body in either language, lower
 * case, once. A part of a word finds its terms through the trigram index among a few thousand terms
 * rather than among the bodies (docs/performance.md).
 */
export const articleTerms = pgTable(
  'article_terms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    term: text('term').notNull(),
  },
  // New terms are rare after the first articles: each goes into the index at once rather than into
  // a pending list that every search would read until a vacuum (fastupdate).
  (t) => [
    uniqueIndex('article_terms_term').on(t.term),
    index('article_terms_trgm').using('gin', t.term.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/**
 * Which article has which term, with what a search sorts and filters by, so that a search reads
 * this index alone and the articles of its one page. Kept by triggers on `articles`
 * (modules/articles/article-words.sql), so every writer of an article keeps it; `words_of`
 * (modules/tickets/ticket-words.sql) is the one rule of what a word is, for them as for the tickets.
 */
export const articleWords = pgTable(
  'article_words',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    termId: integer('term_id')
      .notNull()
      .references(() => articleTerms.id),
    inTitle: boolean('in_title').notNull(),
    /** Public and published: what a visitor may find. */
    listed: boolean('listed').notNull(),
    subGroupId: uuid('sub_group_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.termId] }),
    // A term's articles in the search's order (read backwards): in a title first, then the newest change.
    index('article_words_search').on(t.termId, t.listed, t.inTitle, t.updatedAt, t.articleId, t.subGroupId),
  ],
);

/**
 * Reports avoided by an article, per day: a visitor opened it from the suggestions and left the
 * form without submitting (the browser says so once, on leaving).
 */
export const articleHelps = pgTable(
  'article_helps',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.day] }), index('article_helps_day').on(t.day)],
);
