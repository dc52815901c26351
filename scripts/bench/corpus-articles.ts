/**
 * The help articles of the benchmark (DESIGN.md §28): 10,000 articles whatever the scale (a large
 * provider's knowledge base), titles of four to seven words and bodies of 60 to 150 in English and
 * Bangla from an ISP's vocabulary, each article on a topic of twelve of its fifty words (so a word
 * is in about a quarter of the articles); one in ten internal, one in twenty a draft. Filled beside the
 * ticket corpus and kept while their count is right; the public search reads them by part of a word.
 */
import { randomInt } from 'node:crypto';
import pg from 'pg';
import type { HttpScenario } from './load.ts';

export const BENCH_ARTICLES = 10_000;
/** The generator's version in the slugs: articles of another version are filled anew. */
const SLUG_PREFIX = 'bench-article-2-';
const ANY_BENCH_ARTICLE = 'bench-article-%';

export const ENGLISH_WORDS = [
  'router',
  'fibre',
  'internet',
  'connection',
  'restart',
  'password',
  'wireless',
  'signal',
  'speed',
  'slow',
  'billing',
  'payment',
  'invoice',
  'package',
  'upgrade',
  'bandwidth',
  'latency',
  'outage',
  'technician',
  'cable',
  'modem',
  'light',
  'blinking',
  'settings',
  'channel',
  'frequency',
  'account',
  'recharge',
  'balance',
  'number',
  'telephone',
  'voicemail',
  'forwarding',
  'roaming',
  'coverage',
  'tower',
  'antenna',
  'adapter',
  'ethernet',
  'address',
  'configure',
  'network',
  'firmware',
  'download',
  'upload',
  'streaming',
  'buffering',
  'gaming',
  'security',
  'firewall',
] as const;

export const BANGLA_WORDS = [
  'রাউটার',
  'ফাইবার',
  'ইন্টারনেট',
  'সংযোগ',
  'রিস্টার্ট',
  'পাসওয়ার্ড',
  'ওয়্যারলেস',
  'সিগন্যাল',
  'গতি',
  'ধীর',
  'বিল',
  'পরিশোধ',
  'চালান',
  'প্যাকেজ',
  'আপগ্রেড',
  'ব্যান্ডউইথ',
  'বিলম্ব',
  'বিভ্রাট',
  'টেকনিশিয়ান',
  'তার',
  'মডেম',
  'বাতি',
  'জ্বলছে',
  'সেটিংস',
  'চ্যানেল',
  'কম্পাঙ্ক',
  'অ্যাকাউন্ট',
  'রিচার্জ',
  'ব্যালেন্স',
  'নম্বর',
  'টেলিফোন',
  'ভয়েসমেইল',
  'ফরওয়ার্ডিং',
  'রোমিং',
  'কভারেজ',
  'টাওয়ার',
  'অ্যান্টেনা',
  'অ্যাডাপ্টার',
  'ইথারনেট',
  'ঠিকানা',
  'কনফিগার',
  'নেটওয়ার্ক',
  'ফার্মওয়্যার',
  'ডাউনলোড',
  'আপলোড',
  'স্ট্রিমিং',
  'বাফারিং',
  'গেমিং',
  'নিরাপত্তা',
  'ফায়ারওয়াল',
] as const;

const arrayOf = (words: readonly string[]) => `array[${words.map((word) => `'${word}'`).join(', ')}]::text[]`;

/** Words of one topic: an article's words come from twelve neighbours in the list, its topic's. */
const TOPIC_WORDS = 12;

/** `count` words of `words` for article `i`, from its topic's, picked by hash (the same corpus on every fill). */
const phrase = (words: string, count: string, seed: number) =>
  `(select string_agg(${words}[1 + (i % array_length(${words}, 1) + abs(hashint4(i * ${seed} + k)) % ${TOPIC_WORDS}) % array_length(${words}, 1)], ' ')
     from generate_series(1, ${count}) k)`;

function insertArticlesSql(): string {
  return `
    insert into articles (slug, title_en, title_bn, body_en, body_bn, visibility, published, updated_at)
    select '${SLUG_PREFIX}' || i,
           initcap(${phrase('en', '4 + i % 4', 7)}) || ' ' || i,
           ${phrase('bn', '4 + i % 4', 7)} || ' ' || i,
           ${phrase('en', '60 + i % 91', 13)},
           ${phrase('bn', '60 + i % 91', 13)},
           case when i % 10 = 0 then 'internal' else 'public' end,
           i % 20 <> 1,
           now() - make_interval(mins => i)
    from generate_series(1, ${BENCH_ARTICLES}) i,
         (select ${arrayOf(ENGLISH_WORDS)} as en, ${arrayOf(BANGLA_WORDS)} as bn) words`;
}

/** Makes sure the database holds the benchmark's articles, filling them anew when their count is off. */
export async function prepareArticles(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from articles where slug like $1`, [
      `${SLUG_PREFIX}%`,
    ]);
    if (rows[0]?.n === BENCH_ARTICLES) {
      console.log(`${BENCH_ARTICLES.toLocaleString('en')} help articles already in place`);
      return;
    }
    const started = performance.now();
    await client.query('begin');
    await client.query(`delete from article_helps where article_id in (select id from articles where slug like $1)`, [
      ANY_BENCH_ARTICLE,
    ]);
    await client.query(`delete from articles where slug like $1`, [ANY_BENCH_ARTICLE]);
    await client.query(insertArticlesSql());
    await client.query('commit');
    // The words' index read alone (index-only), as autovacuum would leave it.
    await client.query('vacuum (analyze) articles, article_terms, article_words');
    console.log(
      `${BENCH_ARTICLES.toLocaleString('en')} help articles filled in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Part of a word, as a visitor types it: three to five letters (code points) from a word's start or middle. */
function partOfWord(words: readonly string[]): string {
  const word = [...(words[randomInt(words.length)] ?? '')];
  const length = Math.min(word.length, 3 + randomInt(3));
  const start = randomInt(word.length - length + 1);
  return word.slice(start, start + length).join('');
}

/**
 * GET /articles?q= without a login (the help page's search and the forms' suggestions), English
 * and Bangla in turn. Each request comes from another visitor's address (X-Forwarded-For, which the
 * server trusts from loopback in production): the per-address limit is a visitor's, not a load's.
 */
export function articleSearchScenario(): HttpScenario {
  let turn = 0;
  return {
    name: 'articles: public search, part of a word',
    method: 'GET',
    headers: {},
    next: () => {
      turn += 1;
      const q = partOfWord(turn % 2 === 0 ? ENGLISH_WORDS : BANGLA_WORDS);
      const visitor = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
      return { path: `/api/v1/articles?q=${encodeURIComponent(q)}&page=1`, headers: { 'x-forwarded-for': visitor } };
    },
  };
}
