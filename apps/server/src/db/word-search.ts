/**
 * What the searches through a dictionary of words share (the tickets' ticket_words, the help
 * articles' article_words): the terms each word of a text is a part of, found through the terms'
 * trigram index, and the caps on what one search reads.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { preparedPerDatabase } from './prepared.ts';

/**
 * What one search reads at most, whatever the text: ten of its words, and of each word a thousand
 * terms. A person's text (100 characters at most) has fewer words, and a part of a word of three
 * letters or more far fewer terms; a text of one-letter words, each a part of most terms, would
 * otherwise read most of the index once per word.
 */
export const SEARCH_WORDS_MAX = 10;
export const SEARCH_TERMS_PER_WORD_MAX = 1000;

/** The dictionaries of words there are, each a table of (id, term). */
export type TermsTable = 'article_terms' | 'ticket_terms';

/**
 * For each word of the text (words_of), the ids of the terms it is a part of; `\`, `%` and `_` match
 * themselves. One statement prepared per dictionary and database.
 */
const termsOfWordsStatements = {
  article_terms: termsOfWordsStatement('article_terms'),
  ticket_terms: termsOfWordsStatement('ticket_terms'),
};

function termsOfWordsStatement(table: TermsTable) {
  return preparedPerDatabase((db) =>
    db
      .select({
        termIds: sql<number[]>`array(
          select t.id from ${sql.identifier(table)} t
          where t.term like '%' || replace(replace(replace(word, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
          limit ${SEARCH_TERMS_PER_WORD_MAX}
        )`,
      })
      .from(sql`(select word from words_of(${sql.placeholder('q')}) as word limit ${SEARCH_WORDS_MAX}) as words`)
      .prepare(`${table}_of_words`),
  );
}

/** The term ids of each word of `q` in the dictionary; a word in no term has none. */
export async function termsOfSearchedWords(db: Db, table: TermsTable, q: string): Promise<number[][]> {
  const rows = await termsOfWordsStatements[table](db).execute({ q });
  return rows.map((row) => row.termIds);
}

/** An int[] parameter as PostgreSQL reads it (`{1,2,3}`): drizzle would send an array as a list of parameters. */
export const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;
