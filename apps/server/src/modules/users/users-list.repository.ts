/**
 * The admins' users table and the user pickers (DESIGN.md §10: a page ≤ 30 ms at 200,000 users):
 * how a search matches, a page with its count, and the lookup. Every form is served by an index.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, like, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { UserType } from '@switchboard/shared';
import { boundedCount, estimateRows, EXACT_COUNT_LIMIT, keptEstimateRows } from '../../db/bounded-count.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerShape } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from './users.repository.ts';

/** A search with fewer letters and digits than this matches the start of a word: trigrams are three characters. */
const SHORTEST_PART = 3;

/** Digits of a whole stored number after its fixed 88096: the subscriber's part. */
const SUBSCRIBER_DIGITS = 8;

/** The forms a search of users takes; each has one SQL text, its values sent apart. */
type SearchForm = 'nothing' | 'digits' | 'tail of digits' | 'word start' | 'contains';

/** A search of users: its form and the values of its placeholders. */
interface UserSearch {
  form: SearchForm;
  values: Record<string, string>;
}

/**
 * What a search of users matches, each form answered by an index (DESIGN.md §10; the trigram
 * indexes users_name_trgm and users_product_number_trgm):
 * - digits, with or without a leading +: part of the name or of the number, so that every typed
 *   form (0963…, 88096…, +88096…) finds the stored 88096…;
 * - other text: part of the name, in any case;
 * - fewer than three letters and digits: the start of a word of the name ("ka" finds Abdul Karim).
 *   A pattern that short gives a trigram index nothing to look up, so "contains" would read every
 *   user, and at 200,000 users it matches thousands anyway; the start of a word is what a person
 *   means by two letters, and the padded word-start trigrams of the index answer it;
 * - no letter or digit at all: nobody. The index keeps only letters and digits, and nobody is
 *   found by punctuation alone.
 *
 * Every stored number starts with 88096 (and a customer's own name holds it): the trigrams of that
 * prefix are in every row, select nothing, and cost the index the most. So the index is asked for
 * the last eight digits only, and each row it finds is checked for all of them (strpos, which no
 * index answers, is applied to those rows alone).
 */
function userSearchOf(q: string | undefined): UserSearch | undefined {
  if (!q) return undefined;
  const wordCharacters = q.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (wordCharacters === 0) return { form: 'nothing', values: {} };
  const digits = /^\+?\d+$/.test(q) ? q.replace(/^\+/, '') : null;
  if (digits !== null && digits.length >= SHORTEST_PART) {
    const tail = digits.slice(-SUBSCRIBER_DIGITS);
    return tail === digits
      ? { form: 'digits', values: { tail: `%${tail}%` } }
      : { form: 'tail of digits', values: { tail: `%${tail}%`, digits } };
  }
  if (wordCharacters < SHORTEST_PART) {
    return { form: 'word start', values: { start: `${escapeLike(q)}%`, wordStart: `% ${escapeLike(q)}%` } };
  }
  return { form: 'contains', values: { pattern: `%${escapeLike(q)}%` } };
}

/** A value of a search as it is sent: itself, or a placeholder of a prepared statement. */
type Bind = (name: string) => string | Placeholder;

/** The condition of a search's form, each value bound by `bind`. */
function matchOf(form: SearchForm, bind: Bind): SQL | undefined {
  switch (form) {
    case 'nothing':
      return sql`false`;
    case 'digits':
      return or(like(users.name, bind('tail')), like(users.productNumber, bind('tail')));
    case 'tail of digits':
      return or(
        and(like(users.name, bind('tail')), sql`strpos(${users.name}, ${bind('digits')}) > 0`),
        and(like(users.productNumber, bind('tail')), sql`strpos(${users.productNumber}, ${bind('digits')}) > 0`),
      );
    case 'word start':
      return or(ilike(users.name, bind('start')), ilike(users.name, bind('wordStart')));
    case 'contains':
      return ilike(users.name, bind('pattern'));
  }
}

/**
 * Live persons: the accounts of API clients (kind 'client') are no people, and no list of people
 * shows them (DESIGN.md §21). They are a few dozen at most, so the partial indexes on live users
 * serve this as before; the kind is checked on the rows they find.
 */
export const livePersons = and(isNull(users.deletedAt), eq(users.kind, 'person'));

/** The live persons a search matches (every live person without one), its values as placeholders. */
function liveMatchesOf(search: UserSearch | undefined): SQL | undefined {
  return and(livePersons, search && matchOf(search.form, (name) => sql.placeholder(name)));
}

/** The same with the search's values written in, for the planner's estimate (EXPLAIN has no placeholders). */
function liveMatchesWithValues(search: UserSearch | undefined): SQL | undefined {
  return and(livePersons, search && matchOf(search.form, (name) => search.values[name] ?? ''));
}

/**
 * A page of the live users matching `where`, newest first, late-joined: the ids come from
 * users_live_page (which holds created_at, name, id and number, so that a search walking the
 * newest users filters them in the index alone), then the page's rows by primary key. `fromOldest`
 * walks the index from the other end.
 */
function pageByDate(
  db: Db,
  where: SQL | undefined,
  offset: number | Placeholder,
  limit: number | Placeholder,
  fromOldest: boolean,
) {
  const order = fromOldest
    ? [asc(users.createdAt), desc(users.name), desc(users.id)]
    : [desc(users.createdAt), asc(users.name), asc(users.id)];
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(limit);
  return db.select().from(users).where(inArray(users.id, ids)).orderBy(desc(users.createdAt), asc(users.name), asc(users.id));
}

/**
 * How a statement of a search is prepared: once per shape, each value a placeholder. Without a
 * search it is named, and PostgreSQL plans it once per connection; a search's is sent unnamed, so
 * that its plan sees the pattern (a trigram index, or the newest users, depending on how many match).
 */
const nameFor = (search: UserSearch | undefined, name: string) => (search === undefined ? name : '');

/** Shape keys of the statements below: the search's form, or `all` without one. */
const formOf = (search: UserSearch | undefined) => search?.form ?? 'all';

const pagesByShape = preparedPerShape<ReturnType<ReturnType<typeof pageByDate>['prepare']>>('live_users_page');

/** A page of the live users a search matches by date, from either end: offset and limit are placeholders too. */
function selectPageByDate(db: Db, search: UserSearch | undefined, offset: number, limit: number, fromOldest: boolean) {
  const end = fromOldest ? 'oldest' : 'newest';
  const prepared = pagesByShape(db, `${end} ${formOf(search)}`, (name) =>
    pageByDate(db, liveMatchesOf(search), sql.placeholder('offset'), sql.placeholder('limit'), fromOldest).prepare(
      nameFor(search, name),
    ),
  );
  return prepared.execute({ ...search?.values, offset, limit });
}

/** The page of a search with the number of its matches (see selectSearchPage). */
function searchPageStatement(db: Db, where: SQL | undefined) {
  const matches = db
    .select({ id: users.id, createdAt: users.createdAt, name: users.name })
    .from(users)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('matches');
  const page = db
    .select({ id: matches.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
    .from(matches)
    .orderBy(desc(matches.createdAt), asc(matches.name), asc(matches.id))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .as('page');
  return db
    .select({ user: users, total: page.total })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .orderBy(desc(users.createdAt), asc(users.name), asc(users.id));
}

const searchPagesByShape = preparedPerShape<ReturnType<ReturnType<typeof searchPageStatement>['prepare']>>('live_users_search');

/**
 * A page of a search and the number of its matches, from one reading of at most
 * EXACT_COUNT_LIMIT + 1 matches, sorted. Walking the newest users until ten match is faster only
 * when many match, and the planner cannot tell: its estimate of a LIKE is a guess (on a copy of the
 * benchmark's users it expected 2,000 holders of a number that one user holds, and walked all
 * 200,000 for it). Reading the matches is planned like a count, through the trigram indexes.
 * Undefined when more than EXACT_COUNT_LIMIT match: the page is then not the right one.
 */
async function selectSearchPage(
  db: Db,
  search: UserSearch,
  offset: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number } | undefined> {
  const prepared = searchPagesByShape(db, search.form, () => searchPageStatement(db, liveMatchesOf(search)).prepare(''));
  const found = await prepared.execute({ ...search.values, offset, limit });
  const rows = found.map((row) => row.user);
  if (found[0]) return found[0].total > EXACT_COUNT_LIMIT ? undefined : { rows, total: found[0].total };
  if (offset === 0) return { rows, total: 0 };
  // A page past the last match has no row to carry the count.
  const counted = await boundedCount(db, users, liveMatchesWithValues(search));
  return counted.estimated ? undefined : { rows, total: counted.total };
}

/**
 * The number of live users without a search: exact up to EXACT_COUNT_LIMIT, the planner's estimate
 * beyond, as the ticket list counts (an exact count of 200,000 users takes 25–40 ms, too long for
 * every page). The estimate is asked first: the table's size times the share of rows without
 * deleted_at is close to the truth, and past twice the bound it answers alone (kept for a minute,
 * as the ticket list keeps its estimates), so that the page of a large desk does not count 10,001
 * rows, nor ask the planner, on every request.
 */
async function countLiveUsers(db: Db): Promise<number> {
  const live = livePersons;
  const estimate = await keptEstimateRows(db, users, live, 'live users');
  if (estimate > 2 * EXACT_COUNT_LIMIT) return estimate;
  return (await boundedCount(db, users, live)).total;
}

/**
 * One page of live users matching `q`, newest first (a new account lands on the first page), and
 * their number: exact up to EXACT_COUNT_LIMIT, estimated beyond. A page past the middle of a long
 * list is read from the oldest end, so that the last page costs what the first costs.
 */
export async function listLiveUsersPage(
  db: Db,
  q: string | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number; totalIsEstimate: boolean }> {
  const page = await findLiveUsersPage(db, q, offset, limit);
  return { ...page, totalIsEstimate: page.total > EXACT_COUNT_LIMIT };
}

async function findLiveUsersPage(
  db: Db,
  q: string | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const search = userSearchOf(q);
  let total: number;
  if (search === undefined) total = await countLiveUsers(db);
  else {
    const found = await selectSearchPage(db, search, offset, limit);
    if (found) return found;
    // So many match that the newest ten are found at once by walking the newest users.
    total = Math.max(EXACT_COUNT_LIMIT + 1, await estimateRows(db, users, liveMatchesWithValues(search)));
  }
  if (offset >= total) return { rows: [], total };
  const rows =
    offset > total / 2
      ? await selectPageByDate(db, search, Math.max(0, total - offset - limit), Math.min(limit, total - offset), true)
      : await selectPageByDate(db, search, offset, limit, false);
  return { rows, total };
}

/** The users a picker lists: live ones matching a search, of one type when `ofType`, by name. */
function pickerStatement(db: Db, search: UserSearch | undefined, ofType: boolean) {
  return db
    .select({ id: users.id, name: users.name, productNumber: users.productNumber, userType: users.userType })
    .from(users)
    .where(and(liveMatchesOf(search), ofType ? eq(users.userType, sql.placeholder('userType')) : undefined))
    .orderBy(asc(users.name), asc(users.id))
    .limit(sql.placeholder('limit'));
}

const pickersByShape = preparedPerShape<ReturnType<ReturnType<typeof pickerStatement>['prepare']>>('live_users_picker');

/** Live users whose name or number matches `q` (as the users table searches), optionally of one type, by name. */
export function searchLiveUsers(
  db: Db,
  filter: { q?: string | undefined; userType?: UserType | undefined },
  limit: number,
): Promise<Pick<UserRow, 'id' | 'name' | 'productNumber' | 'userType'>[]> {
  const search = userSearchOf(filter.q);
  const ofType = filter.userType !== undefined;
  const prepared = pickersByShape(db, `${formOf(search)} ${ofType ? 'of type' : 'any type'}`, (name) =>
    pickerStatement(db, search, ofType).prepare(nameFor(search, name)),
  );
  return prepared.execute({ ...search?.values, ...(ofType ? { userType: filter.userType } : {}), limit });
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
