/** SQL of help articles (DESIGN.md §28): a short table, searched through the dictionary of its words. */
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articleHelps, articles, users } from '../../db/schema.ts';

const articleColumns = getTableColumns(articles);

export type ArticleRow = typeof articles.$inferSelect;
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
 * The articles that have every word of `q` as a part of one of their words (§19), read from the
 * dictionary alone, never from a body (a common part of a word is in thousands of bodies): first
 * each word's terms through the terms' trigram index, then those terms' articles through
 * `article_words_search`, then the page's articles by id. The terms are sent to the second
 * statement as values, so that PostgreSQL plans it for the terms there are.
 */
async function searchArticlePage(
  db: Db,
  scope: ArticleScope & { q: string },
  offset: number,
  limit: number,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const termsOfWords = await termsOfSearchedWords(db, scope.q);
  if (termsOfWords.length === 0 || termsOfWords.some((terms) => terms.length === 0)) return { rows: [], total: 0 };
  const { total, ids } = await articleHitPage(db, scope, termsOfWords, offset, limit);
  if (ids.length === 0) return { rows: [], total };
  const pageRows = await db.select(articleColumns).from(articles).where(inArray(articles.id, ids));
  const byId = new Map(pageRows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}

/** For each word of the text (article_words_of), the ids of the terms it is a part of; `\`, `%` and `_` match themselves. */
async function termsOfSearchedWords(db: Db, q: string): Promise<number[][]> {
  const rows = await db
    .select({
      termIds: sql<number[]>`array(
        select t.id from article_terms t
        where t.term like '%' || replace(replace(replace(word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
      )`,
    })
    .from(sql`article_words_of(${q}) as word`);
  return rows.map((row) => row.termIds);
}

/**
 * The articles in scope with a term of every word, those with every word in a title first, then the
 * newest change: their count and one page of ids. Grouped by article and word first, then by
 * article, so that no group sorts its rows (count(distinct) did: most of the time of a common word).
 */
async function articleHitPage(
  db: Db,
  scope: ArticleScope,
  termsOfWords: number[][],
  offset: number,
  limit: number,
): Promise<{ total: number; ids: string[] }> {
  const termIds = termsOfWords.flat();
  const wordOfTerm = termsOfWords.flatMap((terms, word) => terms.map(() => word));
  const asArray = (values: number[]) => `{${values.join(',')}}`;
  const listedOnly = scope.all ? sql`true` : sql`w.listed`;
  const inSubGroup = scope.subGroupId === undefined ? sql`true` : sql`w.sub_group_id = ${scope.subGroupId}`;
  const [page] = await db.select({ total: sql<number>`search.total`, ids: sql<string[]>`search.ids` }).from(sql`(
    with word_hits as (
      select w.article_id, m.word, bool_or(w.in_title) as in_title, max(w.updated_at) as updated_at
      from unnest(${asArray(termIds)}::int[], ${asArray(wordOfTerm)}::int[]) as m (term_id, word)
      join article_words w on w.term_id = m.term_id
      where ${listedOnly} and ${inSubGroup}
      group by w.article_id, m.word
    ),
    matching as (
      select article_id, bool_and(in_title) as in_title, max(updated_at) as updated_at
      from word_hits
      group by article_id
      having count(*) = ${termsOfWords.length}
    )
    select
      (select count(*) from matching)::int as total,
      array(
        select article_id::text from matching
        order by in_title desc, updated_at desc, matching.article_id desc
        offset ${offset} limit ${limit}
      ) as ids
  ) as search`);
  return { total: page?.total ?? 0, ids: page?.ids ?? [] };
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
