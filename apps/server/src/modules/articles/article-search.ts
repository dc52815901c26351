/**
 * The help articles' search (DESIGN.md §28, §19): the articles that have every word of a text as a
 * part of one of their words, read from the dictionary of their words (article_words.sql) and never
 * from a body, since a common part of a word is in thousands of bodies. First each word's terms
 * through the terms' trigram index; then one page of article ids and their count from
 * `article_words_search` (the repository reads the page's articles in the same statement). Articles
 * with every word in a title come first, then the newest change. The terms go to the second statement
 * as values, so that PostgreSQL plans it for the terms there are.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { intArray, termsOfWord, wordsOfText } from '../../db/word-search.ts';

/** For each word of the text, the ids of the article terms it is a part of. */
const termsOfWordsStatement = preparedPerDatabase((db) =>
  db
    .select({ termIds: sql<number[]>`${termsOfWord('article_terms', sql`word`)}` })
    .from(wordsOfText)
    .prepare('article_terms_of_words'),
);

async function termsOfSearchedWords(db: Db, q: string): Promise<number[][]> {
  const rows = await termsOfWordsStatement(db).execute({ q });
  return rows.map((row) => row.termIds);
}

/** What a list reads: every article (staff), or published public ones only; a text; a subgroup. */
export interface ArticleScope {
  all: boolean;
  q?: string | undefined;
  subGroupId?: string | undefined;
}

/**
 * The statement of one page of a search, one row of `total` (the articles found) and `ids` (the
 * page's, in order); null when a word of the text is in no article, so nothing is found.
 */
export async function articleSearchPage(
  db: Db,
  scope: ArticleScope & { q: string },
  offset: number,
  limit: number,
): Promise<SQL | null> {
  const termsOfWords = await termsOfSearchedWords(db, scope.q);
  if (termsOfWords.length === 0 || termsOfWords.some((terms) => terms.length === 0)) return null;
  const [onlyWord] = termsOfWords;
  if (termsOfWords.length === 1 && onlyWord) return oneWordPage(scope, onlyWord, offset, limit);
  return everyWordPage(scope, termsOfWords, offset, limit);
}

function conditionsOf(scope: ArticleScope): SQL {
  const listedOnly = scope.all ? sql`true` : sql`w.listed`;
  const inSubGroup = scope.subGroupId === undefined ? sql`true` : sql`w.sub_group_id = ${scope.subGroupId}`;
  return sql`${listedOnly} and ${inSubGroup}`;
}

/**
 * One word, the usual search as a title is typed: each of its terms' first `offset + limit`
 * articles in the search's order, read in that order from the index (a backward scan of
 * `article_words_search`), then the best of them. An article among the page's is among the first of
 * the term that puts it highest, so the page is exact; the count reads the index alone.
 */
function oneWordPage(scope: ArticleScope, termIds: number[], offset: number, limit: number): SQL {
  const where = conditionsOf(scope);
  return sql`
    select
      (${countOf(termIds, where)})::int as total,
      array(
        select firsts.article_id
        from unnest(${intArray(termIds)}) as m (term_id)
        cross join lateral (
          select w.article_id, w.in_title, w.updated_at from article_words w
          where w.term_id = m.term_id and ${where}
          order by w.in_title desc, w.updated_at desc, w.article_id desc
          limit ${offset + limit}
        ) as firsts
        group by firsts.article_id
        order by bool_or(firsts.in_title) desc, max(firsts.updated_at) desc, firsts.article_id desc
        offset ${offset} limit ${limit}
      ) as ids`;
}

/** The articles with any of the terms: one term's are its rows (read from the index alone), several terms' are told apart. */
function countOf(termIds: number[], where: SQL): SQL {
  const [onlyTerm] = termIds;
  if (termIds.length === 1 && onlyTerm !== undefined) {
    return sql`select count(*) from article_words w where w.term_id = ${onlyTerm} and ${where}`;
  }
  return sql`select count(*) from (
    select w.article_id from article_words w where w.term_id = any(${intArray(termIds)}) and ${where} group by w.article_id
  ) as found`;
}

/**
 * Several words: the articles with a term of every word, grouped by article and word first, then by
 * article, so that no group sorts its rows (count(distinct) did: most of the time of a common word).
 */
function everyWordPage(scope: ArticleScope, termsOfWords: number[][], offset: number, limit: number): SQL {
  const termIds = termsOfWords.flat();
  const wordOfTerm = termsOfWords.flatMap((terms, word) => terms.map(() => word));
  return sql`
    with word_hits as (
      select w.article_id, m.word, bool_or(w.in_title) as in_title, max(w.updated_at) as updated_at
      from unnest(${intArray(termIds)}, ${intArray(wordOfTerm)}) as m (term_id, word)
      join article_words w on w.term_id = m.term_id
      where ${conditionsOf(scope)}
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
        select article_id from matching
        order by in_title desc, updated_at desc, article_id desc
        offset ${offset} limit ${limit}
      ) as ids`;
}
