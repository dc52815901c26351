/** SQL of help articles (DESIGN.md §28): a short table searched by a trigram index in both languages. */
import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articleHelps, articles, users } from '../../db/schema.ts';
import { containsPattern } from '../tickets/ticket-list.repository.ts';

/** Every column but the search text, which is the database's to keep and the search's only to read. */
const { searchText: _searchText, ...articleColumns } = getTableColumns(articles);

export type ArticleRow = Omit<typeof articles.$inferSelect, 'searchText'>;
export type NewArticleRow = typeof articles.$inferInsert;
export type ArticleFields = Omit<NewArticleRow, 'id' | 'createdAt' | 'updatedAt'>;

export interface ArticleView extends ArticleRow {
  updatedByName: string | null;
}

/** What a list reads: every article (staff), or published public ones only; a text; a subgroup. */
export interface ArticleScope {
  all: boolean;
  q?: string | undefined;
  subGroupId?: string | undefined;
}

const publicOnly = and(eq(articles.visibility, 'public'), eq(articles.published, true));

/** A text in either title or body, in either language: a LIKE over the lowered search text, answered by its trigram index (§19). */
function textMatch(q: string): SQL {
  return sql`${articles.searchText} like lower(${containsPattern(q)})`;
}

function whereOf(scope: ArticleScope): SQL | undefined {
  return and(
    scope.all ? undefined : publicOnly,
    scope.subGroupId === undefined ? undefined : eq(articles.subGroupId, scope.subGroupId),
    scope.q ? textMatch(scope.q) : undefined,
  );
}

/** One page of the articles in scope: title matches first when searched, then the newest change. */
export async function listArticlePage(
  db: Db,
  scope: ArticleScope,
  offset: number,
  limit: number,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = whereOf(scope);
  const newestFirst = [desc(articles.updatedAt), desc(articles.id)];
  const pattern = scope.q ? containsPattern(scope.q) : null;
  const order = pattern
    ? [
        sql`case when lower(${articles.titleEn} || ' ' || ${articles.titleBn}) like lower(${pattern}) then 0 else 1 end`,
        ...newestFirst,
      ]
    : newestFirst;
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(limit);
  const [counted] = await db.select({ total: count() }).from(articles).where(where);
  return { rows, total: counted?.total ?? 0 };
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
