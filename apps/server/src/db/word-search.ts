/**
 * What the searches through a dictionary of words share (the tickets' ticket_words, the help
 * articles' article_words): the words of a text, the terms each is a part of, found through the
 * terms' trigram index, and the caps on what one search reads.
 */
import { sql, type SQL } from 'drizzle-orm';

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

/** The ids of the terms `word` (a column of the statement) is a part of; `\`, `%` and `_` match themselves. */
export const termsOfWord = (table: TermsTable, word: SQL) => sql`array(
  select t.id from ${sql.identifier(table)} t
  where t.term like '%' || replace(replace(replace(${word}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
  limit ${SEARCH_TERMS_PER_WORD_MAX}
)`;

/** The words of the text `q` (a placeholder), at most SEARCH_WORDS_MAX, each a row of `words` (`word`). */
export const wordsOfText = sql`(select word from words_of(${sql.placeholder('q')}) as word limit ${SEARCH_WORDS_MAX}) as words`;

/** An int[] parameter as PostgreSQL reads it (`{1,2,3}`): drizzle would send an array as a list of parameters. */
export const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;
