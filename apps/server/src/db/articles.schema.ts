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
 * One article in both languages, its Markdown as written (rendered when read). `search_text` is
 * both titles and bodies in lower case, kept by PostgreSQL itself: its trigram GIN index answers the
 * search of any part of a word in either language (§19), and a case-sensitive LIKE over text lowered
 * once is about twenty times cheaper than ILIKE over four columns (docs/performance.md).
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
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(title_en || ' ' || title_bn || ' ' || body_en || ' ' || body_bn)`),
  },
  (t) => [
    uniqueIndex('articles_slug').on(t.slug),
    index('articles_updated').on(t.updatedAt),
    index('articles_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    oneOf('articles', t.visibility, ARTICLE_VISIBILITIES),
    check('articles_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) between 3 and 80`),
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
