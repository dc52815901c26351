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
  /** Of each word, how many tickets have one of its terms, as far as KEPT. */
  tickets: number[];
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
  const rarestFirst = rows.sort((a, b) => a.tickets - b.tickets);
  return { termsOfWords: rarestFirst.map((row) => row.termIds), tickets: rarestFirst.map((row) => row.tickets), internal };
}

/** A word of at most this many terms is read as a stream of their tickets; a word of more is probed. */
const STREAMED_TERMS_MAX = 8;

/**
 * How a search reads its words (matchesAmongWords), by their index in the text: `streamed` words
 * are each a stream of their tickets newest first, merged on the ticket; `probed` words are looked
 * up on the key for each ticket the streams give. No streamed word: the first (rarest) word's few
 * tickets are read, and every other word probed.
 */
export interface WordsPlan {
  streamed: number[];
  probed: number[];
}

export function wordsPlanOf(text: TermsOfText): WordsPlan {
  const words = text.termsOfWords.map((_, word) => word);
  const rareFirst = words.length > 1 && (text.tickets[0] ?? 0) <= SEARCH_COUNT_LIMIT;
  if (rareFirst || (text.termsOfWords[0]?.length ?? 0) > STREAMED_TERMS_MAX) return { streamed: [], probed: words.slice(1) };
  const streamed = words.filter((word) => (text.termsOfWords[word]?.length ?? 0) <= STREAMED_TERMS_MAX);
  return { streamed, probed: words.filter((word) => !streamed.includes(word)) };
}

/** What tells the statements of searches apart: the plan, each streamed word's number of terms, internal notes. */
export function searchShapeOf(text: TermsOfText): string {
  const plan = wordsPlanOf(text);
  const terms = (word: number) => text.termsOfWords[word]?.length ?? 0;
  const first = terms(0) === 1 ? 'one' : 'many';
  return `${plan.streamed.map((word) => `${word}:${terms(word)}`).join(',')} ${plan.probed.join(',')} ${first} ${text.internal}`;
}

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
 * The newest matches of a search of the whole desk (wordsPlanOf): the streamed words merged on the
 * ticket, or the rarest word's tickets, every other word probed. The tickets are joined only when
 * the other conditions or the order name them.
 */
export function matchesAmongWords(text: TermsOfText, words: SQL[], where: SQL | undefined, sortValue: SQL | null): SQL {
  const plan = wordsPlanOf(text);
  const wordAt = (word: number) => words[word] ?? sql`'{}'::int[]`;
  const reading = {
    text,
    where,
    sortValue,
    probes: (ticketId: SQL) => plan.probed.map((word) => hasWord(text, wordAt(word), ticketId)),
  };
  if (plan.streamed.length === 0) return rarestWordMatches(reading, wordAt(0));
  return streamedMatches(
    reading,
    plan.streamed.map((word) => ({ terms: wordAt(word), count: text.termsOfWords[word]?.length ?? 0 })),
  );
}

interface Reading {
  text: TermsOfText;
  where: SQL | undefined;
  sortValue: SQL | null;
  probes: (ticketId: SQL) => SQL[];
}

const ofTickets = (reading: Reading, ticketId: SQL) =>
  reading.where !== undefined || reading.sortValue !== null ? sql` join ${tickets} on ${tickets.ticketId} = ${ticketId}` : sql``;

/**
 * One word's tickets newest first, each once: a backward read of `ticket_words_search` for each of
 * its terms, merged by time (a Merge Append) when it has several.
 */
function streamOf(text: TermsOfText, terms: SQL, count: number): SQL {
  const visible = visibleOf(text, sql`w`);
  const termAt = (index: number) => sql`(${terms})[${sql.raw(String(index))}]`;
  if (count === 1) {
    return sql`select distinct w.created_at, w.ticket_id from ticket_words w where w.term_id = ${termAt(1)}${visible}
      order by w.created_at desc, w.ticket_id desc`;
  }
  const branches = Array.from(
    { length: count },
    (_, index) => sql`(select w.created_at, w.ticket_id from ticket_words w where w.term_id = ${termAt(index + 1)}${visible}
      order by w.created_at desc, w.ticket_id desc)`,
  );
  return sql`select distinct u.created_at, u.ticket_id from (${sql.join(branches, sql` union all `)}) as u
    order by u.created_at desc, u.ticket_id desc`;
}

/**
 * The common words' streams joined on the ticket (a Merge Join, as both come newest first), read
 * until KEPT matches: a few thousand index entries when the words go together, as common words of
 * one text do.
 */
function streamedMatches(reading: Reading, streamed: { terms: SQL; count: number }[]): SQL {
  const [first, ...others] = streamed.map((word, index) => ({
    sql: streamOf(reading.text, word.terms, word.count),
    alias: sql.raw(`s${index}`),
  }));
  if (!first) throw new Error('a streamed search has a streamed word');
  const joins = others.map(
    (stream) =>
      sql` join (${stream.sql}) as ${stream.alias} on ${stream.alias}.created_at = s0.created_at and ${stream.alias}.ticket_id = s0.ticket_id`,
  );
  const conditions = [...(reading.where ? [reading.where] : []), ...reading.probes(sql`s0.ticket_id`)];
  return sql`select s0.ticket_id, ${reading.sortValue ?? sql`s0.created_at`} as sort_value
    from (${first.sql}) as s0${sql.join(joins, sql``)}${ofTickets(reading, sql`s0.ticket_id`)}
    ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
    order by s0.created_at desc, s0.ticket_id desc
    limit ${KEPT}`;
}

/**
 * The rarest word's tickets (a thousand at most, or its terms too many to stream), every other word
 * probed on the key: each of its terms gives its first KEPT matches and no more, and the newest
 * KEPT of those are the answer; a word of one term is that term's first KEPT matches.
 */
function rarestWordMatches(reading: Reading, first: SQL): SQL {
  const { text, where, sortValue } = reading;
  const conditions = (term: SQL) => [
    sql`w.term_id = ${term}${visibleOf(text, sql`w`)}`,
    ...(where ? [where] : []),
    ...reading.probes(sql`w.ticket_id`),
  ];
  const termMatches = (term: SQL) => sql`
    select distinct w.created_at, w.ticket_id, ${sortValue ?? sql`w.created_at`} as sort_value
    from ticket_words w${ofTickets(reading, sql`w.ticket_id`)}
    where ${sql.join(conditions(term), sql` and `)}
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
