/**
 * The admins' users table and the user pickers (DESIGN.md §10: a page ≤ 30 ms at 200,000 users):
 * how a search matches, a page with its count, and the lookup. Every form is served by an index.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, like, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { UserType } from '@switchboard/shared';
import { boundedCount, estimateRows, EXACT_COUNT_LIMIT, keptEstimateRows } from '../../db/bounded-count.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from './users.repository.ts';

/** A search with fewer letters and digits than this matches the start of a word: trigrams are three characters. */
const SHORTEST_PART = 3;

/** Digits of a whole stored number after its fixed 88096: the subscriber's part. */
const SUBSCRIBER_DIGITS = 8;

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
 */
function userSearchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const wordCharacters = q.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (wordCharacters === 0) return sql`false`;
  const digits = /^\+?\d+$/.test(q) ? q.replace(/^\+/, '') : null;
  if (digits !== null && digits.length >= SHORTEST_PART) {
    return or(containsDigits(users.name, digits), containsDigits(users.productNumber, digits));
  }
  if (wordCharacters < SHORTEST_PART) {
    return or(ilike(users.name, `${escapeLike(q)}%`), ilike(users.name, `% ${escapeLike(q)}%`));
  }
  return ilike(users.name, `%${escapeLike(q)}%`);
}

/**
 * Rows whose `column` contains `digits`. Every stored number starts with 88096 (and a customer's
 * own name holds it): the trigrams of that prefix are in every row, select nothing, and cost the
 * index the most. So the index is asked for the last eight digits only, and each row it finds is
 * checked for all of them (strpos, which no index answers, is applied to those rows alone).
 */
function containsDigits(column: typeof users.name | typeof users.productNumber, digits: string): SQL | undefined {
  const tail = digits.slice(-SUBSCRIBER_DIGITS);
  const found = like(column, `%${tail}%`);
  return tail === digits ? found : and(found, sql`strpos(${column}, ${digits}) > 0`);
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

/** The page of every live user (no search), from either end: prepared, offset and limit being placeholders. */
const livePage = (fromOldest: boolean) =>
  preparedPerDatabase((db) =>
    pageByDate(db, isNull(users.deletedAt), sql.placeholder('offset'), sql.placeholder('limit'), fromOldest).prepare(
      fromOldest ? 'live_users_page_oldest' : 'live_users_page_newest',
    ),
  );
const livePageFromNewest = livePage(false);
const livePageFromOldest = livePage(true);

function selectPageByDate(db: Db, search: SQL | undefined, offset: number, limit: number, fromOldest: boolean) {
  if (search === undefined) return (fromOldest ? livePageFromOldest : livePageFromNewest)(db).execute({ offset, limit });
  return pageByDate(db, and(isNull(users.deletedAt), search), offset, limit, fromOldest);
}

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
  where: SQL | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number } | undefined> {
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
    .offset(offset)
    .limit(limit)
    .as('page');
  const found = await db
    .select({ user: users, total: page.total })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .orderBy(desc(users.createdAt), asc(users.name), asc(users.id));
  const rows = found.map((row) => row.user);
  if (found[0]) return found[0].total > EXACT_COUNT_LIMIT ? undefined : { rows, total: found[0].total };
  if (offset === 0) return { rows, total: 0 };
  // A page past the last match has no row to carry the count.
  const counted = await boundedCount(db, users, where);
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
  const live = isNull(users.deletedAt);
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
    const where = and(isNull(users.deletedAt), search);
    const found = await selectSearchPage(db, where, offset, limit);
    if (found) return found;
    // So many match that the newest ten are found at once by walking the newest users.
    total = Math.max(EXACT_COUNT_LIMIT + 1, await estimateRows(db, users, where));
  }
  if (offset >= total) return { rows: [], total };
  const rows =
    offset > total / 2
      ? await selectPageByDate(db, search, Math.max(0, total - offset - limit), Math.min(limit, total - offset), true)
      : await selectPageByDate(db, search, offset, limit, false);
  return { rows, total };
}

/** Live users whose name or number matches `q` (as the users table searches), optionally of one type, by name. */
export function searchLiveUsers(
  db: Db,
  filter: { q?: string | undefined; userType?: UserType | undefined },
  limit: number,
): Promise<Pick<UserRow, 'id' | 'name' | 'productNumber' | 'userType'>[]> {
  return db
    .select({ id: users.id, name: users.name, productNumber: users.productNumber, userType: users.userType })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        filter.userType === undefined ? undefined : eq(users.userType, filter.userType),
        userSearchOf(filter.q),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
