/**
 * The text search of the ticket list (DESIGN.md §19, §10): the tickets that have every word of a
 * text as a part of one of their words, in the title, the description or a comment (an internal
 * note for staff only), read from the dictionary of the tickets' words (ticket-words.sql) and never
 * from the texts, since a common word is in hundreds of thousands of them. Its answer is the newest
 * SEARCH_COUNT_LIMIT + 1 matches (`ticket_id`, `sort_value`), which the list counts and sorts for
 * its page. Each word's terms are an int[] the statement is given (a placeholder of a statement
 * prepared per shape, or a value), so one shape of search is planned once.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_LIMIT } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { intArray, termsOfWord, wordsOfText } from '../../db/word-search.ts';

/** How many matches a search keeps: one more than it counts, to tell that there are more. */
const KEPT = SEARCH_COUNT_LIMIT + 1;

/**
 * A search's words, the rarest first, each as the ids of the terms it is a part of, and whether
 * internal notes count. Each word's tickets are counted as far as KEPT.
 */
export interface TermsOfText {
  termsOfWords: number[][];
  internal: boolean;
}

/**
 * For each word of the text, its terms and how many tickets have one of them, counted as far as
 * KEPT term by term (a lateral read of `ticket_words_search`, so that a term in most tickets is
 * never looked for in the table): a few hundred microseconds a word. One statement per viewer kind.
 */
const termsOfWordsStatementFor = (internal: boolean) =>
  preparedPerDatabase((db) =>
    db
      .select({
        termIds: sql<number[]>`found.term_ids`,
        tickets: sql<number>`(select count(*)::int from (
          select 1 from unnest(found.term_ids) as m (term_id)
          cross join lateral (
            select 1 from ticket_words w where w.term_id = m.term_id${internal ? sql`` : sql` and w.public`} limit ${KEPT}
          ) as firsts
          limit ${KEPT}) as kept)`,
      })
      // offset 0 keeps the terms a subquery of their own, looked up once for both columns.
      .from(sql`(select ${termsOfWord('ticket_terms', sql`word`)} as term_ids from ${wordsOfText} offset 0) as found`)
      .prepare(`ticket_terms_of_words_${internal ? 'staff' : 'public'}`),
  );
const termsOfWordsStatements = { staff: termsOfWordsStatementFor(true), public: termsOfWordsStatementFor(false) };

/** The words of `words` in a search, the rarest first; null when a word is in no ticket, so nothing is found. */
export async function termsOfText(db: Db, words: string, internal: boolean): Promise<TermsOfText | null> {
  const rows = await termsOfWordsStatements[internal ? 'staff' : 'public'](db).execute({ q: words });
  if (rows.length === 0 || rows.some((row) => row.tickets === 0)) return null;
  return { termsOfWords: rows.sort((a, b) => a.tickets - b.tickets).map((row) => row.termIds), internal };
}

/** What tells the statements of searches apart: how many words, whether the first has one term, internal notes. */
export const searchShapeOf = (text: TermsOfText) =>
  `${text.termsOfWords.length} ${text.termsOfWords[0]?.length === 1 ? 'one' : 'many'} ${text.internal}`;

/** Each word's terms as the statement is given them: int[] placeholders w0, w1, … and their values. */
export function termPlaceholders(text: TermsOfText): { words: SQL[]; values: Record<string, string> } {
  const values = Object.fromEntries(text.termsOfWords.map((terms, word) => [`w${word}`, `{${terms.join(',')}}`]));
  return { words: Object.keys(values).map((name) => sql`${sql.placeholder(name)}::int[]`), values };
}

/** Each word's terms written into the statement. */
export const termValues = (text: TermsOfText): SQL[] => text.termsOfWords.map(intArray);

const visibleOf = (text: TermsOfText, alias: SQL) => (text.internal ? sql`` : sql` and ${alias}.public`);

/** The ticket `ticketId` has one of the terms (the key of ticket_words). */
function hasWord(text: TermsOfText, terms: SQL, ticketId: SQL): SQL {
  return sql`exists (select 1 from ticket_words x where x.ticket_id = ${ticketId}
    and x.term_id = any(${terms})${visibleOf(text, sql`x`)})`;
}

/**
 * The newest matches read from the tickets the other conditions pick (`where`): for a search of one
 * issuer's tickets (a customer's, an agent's) or of one ticket or number, whose tickets are few,
 * each probed for every word.
 */
export function matchesAmongTickets(text: TermsOfText, words: SQL[], where: SQL | undefined, sortValue: SQL): SQL {
  const probes = words.map((terms) => hasWord(text, terms, sql`${tickets.ticketId}`));
  return sql`select ${tickets.ticketId} as ticket_id, ${sortValue} as sort_value from ${tickets}
    where ${sql.join(where ? [where, ...probes] : probes, sql` and `)}
    order by ${tickets.createdAt} desc, ${tickets.ticketId} desc limit ${KEPT}`;
}

/**
 * The newest matches read from the first word's terms (the rarest: termsOfText), each term's
 * tickets newest first from `ticket_words_search`, every other word probed on the key: each term
 * gives its first KEPT matches and no more, and the newest KEPT of those are the answer; a word of
 * one term is that term's first KEPT matches. The tickets are joined only when the other
 * conditions or the order name them.
 */
export function matchesAmongWords(text: TermsOfText, words: SQL[], where: SQL | undefined, sortValue: SQL | null): SQL {
  const [first, ...rest] = words;
  const ofTickets = where !== undefined || sortValue !== null;
  const probes = rest.map((terms) => hasWord(text, terms, sql`w.ticket_id`));
  const termMatches = (term: SQL) => sql`
    select distinct w.created_at, w.ticket_id, ${sortValue ?? sql`w.created_at`} as sort_value
    from ticket_words w${ofTickets ? sql` join ${tickets} on ${tickets.ticketId} = w.ticket_id` : sql``}
    where ${sql.join([sql`w.term_id = ${term}${visibleOf(text, sql`w`)}`, ...(where ? [where] : []), ...probes], sql` and `)}
    order by w.created_at desc, w.ticket_id desc
    limit ${KEPT}`;
  if (text.termsOfWords[0]?.length === 1) {
    return sql`select firsts.ticket_id, firsts.sort_value from (${termMatches(sql`(${first})[1]`)}) as firsts`;
  }
  return sql`select firsts.ticket_id, firsts.sort_value
    from unnest(${first}) as m (term_id)
    cross join lateral (${termMatches(sql`m.term_id`)}) as firsts
    group by firsts.created_at, firsts.ticket_id, firsts.sort_value
    order by firsts.created_at desc, firsts.ticket_id desc
    limit ${KEPT}`;
}
