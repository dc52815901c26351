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
 * One article in both languages, its Markdown as written (rendered when read). The trigram GIN
 * indexes answer the search of any part of a word in either language, as the ticket search (§19).
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
    index('articles_title_en_trgm').using('gin', t.titleEn.op('gin_trgm_ops')),
    index('articles_title_bn_trgm').using('gin', t.titleBn.op('gin_trgm_ops')),
    index('articles_body_en_trgm').using('gin', t.bodyEn.op('gin_trgm_ops')),
    index('articles_body_bn_trgm').using('gin', t.bodyBn.op('gin_trgm_ops')),
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
