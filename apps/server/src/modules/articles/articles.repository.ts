/** SQL of help articles (DESIGN.md §28): a short table, searched through the dictionary of its words. */
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articleHelps, articles, users } from '../../db/schema.ts';
import { articleSearchPage, type ArticleScope } from './article-search.ts';

const articleColumns = getTableColumns(articles);

export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;
export type ArticleFields = Omit<NewArticleRow, 'id' | 'createdAt' | 'updatedAt'>;

export interface ArticleView extends ArticleRow {
  updatedByName: string | null;
}

export type { ArticleScope } from './article-search.ts';

const publicOnly = and(eq(articles.visibility, 'public'), eq(articles.published, true));

/** One page of the articles in scope: title matches first when searched, then the newest change. */
export async function listArticlePage(
  db: Db,
  scope: ArticleScope,
  offset: number,
  limit: number,
): Promise<{ rows: ArticleRow[]; total: number }> {
  if (scope.q) return searchArticlePage(db, { ...scope, q: scope.q }, offset, limit);
  const where = and(
    scope.all ? undefined : publicOnly,
    scope.subGroupId === undefined ? undefined : eq(articles.subGroupId, scope.subGroupId),
  );
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .where(where)
    .orderBy(desc(articles.updatedAt), desc(articles.id))
    .offset(offset)
    .limit(limit);
  const [counted] = await db.select({ total: count() }).from(articles).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The page of a search in its order: the search's one row of count and ids, with the page's
 * articles joined by id, in one statement. A page past the last is that one row without an article.
 */
async function searchArticlePage(
  db: Db,
  scope: ArticleScope & { q: string },
  offset: number,
  limit: number,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const page = await articleSearchPage(db, scope, offset, limit);
  if (!page) return { rows: [], total: 0 };
  const found = await db
    .select({ total: sql<number>`search.total`, article: articleColumns })
    .from(sql`(${page}) as search`)
    .leftJoin(articles, sql`${articles.id} = any(search.ids)`)
    .orderBy(sql`array_position(search.ids, ${articles.id})`);
  return { rows: found.flatMap((row) => (row.article ? [row.article] : [])), total: found[0]?.total ?? 0 };
}

function selectViews(db: Db) {
  return db
    .select({ article: articleColumns, updatedByName: users.name })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.updatedBy));
}

export async function findArticleBySlug(db: Db, slug: string): Promise<ArticleView | undefined> {
  const [row] = await selectViews(db).where(eq(articles.slug, slug));
  return row ? { ...row.article, updatedByName: row.updatedByName } : undefined;
}

export async function findArticleById(db: Db, id: string): Promise<ArticleView | undefined> {
  const [row] = await selectViews(db).where(eq(articles.id, id));
  return row ? { ...row.article, updatedByName: row.updatedByName } : undefined;
}

/** Reads an article and locks it until the transaction ends. */
export async function lockArticle(db: Db, id: string): Promise<ArticleRow | undefined> {
  const [row] = await db.select(articleColumns).from(articles).where(eq(articles.id, id)).for('update');
  return row;
}

export async function insertArticle(db: Db, fields: ArticleFields): Promise<ArticleRow> {
  const [inserted] = await db.insert(articles).values(fields).returning(articleColumns);
  if (!inserted) throw new Error('insert into articles returned no row');
  return inserted;
}

export async function updateArticle(db: Db, id: string, fields: ArticleFields): Promise<void> {
  await db
    .update(articles)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(articles.id, id));
}

export async function deleteArticleRow(db: Db, id: string): Promise<void> {
  await db.delete(articles).where(eq(articles.id, id));
}

/** Counts one report avoided by a public, published article today (the provider's day in `timezone`). */
export async function countArticleHelp(db: Db, id: string, timezone: string): Promise<boolean> {
  const day = sql<string>`(now() at time zone ${timezone})::date`;
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, id), publicOnly));
  if (!row) return false;
  await db
    .insert(articleHelps)
    .values({ articleId: id, day, count: 1 })
    .onConflictDoUpdate({ target: [articleHelps.articleId, articleHelps.day], set: { count: sql`${articleHelps.count} + 1` } });
  return true;
}
