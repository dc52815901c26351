/**
 * The admins' users table in the benchmark (DESIGN.md §10: a page p95 ≤ 30 ms at 200,000 users):
 * a page without a search, a search by part of a name and a search by digits, each beside the very
 * statements the API sends for it. The statements are recorded from the users repository while it
 * runs on the corpus, because what it sends depends on what it finds (a first page that is not full
 * needs no count; a count past its bound asks for the planner's estimate).
 */
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { listLiveUsersPage } from '@switchboard/server/src/modules/users/users-list.repository.ts';
import { PAGE_SIZE, userListQuerySchema } from '@switchboard/shared';
import { recordShared } from './list-sql.ts';
import type { HttpScenario, SqlStatement } from './load.ts';
import type { CorpusSample } from './scenarios.ts';

/** Distinct queries whose statements are prepared for the SQL side of a scenario. */
const SQL_VARIANTS = 100;
/** Corpus users whose names and numbers the searches are made of. */
const SAMPLE_USERS = 500;

export interface UsersQuery {
  page: number;
  q?: string;
}

export interface UsersAdminScenario extends HttpScenario {
  /** Who asks (their user read comes before the statements). */
  viewerId: string;
  /** The statements of one request, one list per prepared query. */
  statements: (pool: pg.Pool) => Promise<SqlStatement[][]>;
}

const pickFrom = <T>(items: readonly T[]): T => {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

export function usersPath({ page, q }: UsersQuery): string {
  const search = new URLSearchParams({ page: String(page), ...(q === undefined ? {} : { q }) });
  return `/api/v1/users?${search.toString()}`;
}

/**
 * The statements GET /users sends for `query`, as the users service calls the repository, run on
 * the corpus; on one database for all queries, so that an estimate the server keeps is kept here too.
 */
export function usersPageStatements(pool: pg.Pool, query: UsersQuery): Promise<SqlStatement[]> {
  const { page, q } = userListQuerySchema.parse(query);
  return recordShared(pool, (db) => listLiveUsersPage(db, q, (page - 1) * PAGE_SIZE, PAGE_SIZE));
}

/** A piece of three letters or more of a word of `name`, as somebody types part of a name (any case). */
function partOfName(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^\p{L}{3,}$/u.test(word));
  const word = pickFrom(words);
  const length = randomInt(3, word.length + 1);
  const start = randomInt(0, word.length - length + 1);
  const part = word.slice(start, start + length);
  return randomInt(2) === 0 ? part.toLowerCase() : part;
}

/** A stored number as somebody types it: +88096…, the local 096…, or its last six digits. */
function typedNumber(stored: string): string {
  return pickFrom([`+${stored}`, stored.slice(2), stored.slice(-6)]);
}

/**
 * The three scenarios, signed in as the corpus's cc admin. Names come from staff and agents (every
 * customer of the corpus is called "Customer +88096…", which the digits search finds too).
 */
export async function usersAdminScenarios(pool: pg.Pool, sample: CorpusSample): Promise<UsersAdminScenario[]> {
  const people = await pool.query<{ name: string }>(
    `select name from users where deleted_at is null and user_type <> 'customer' order by random() limit ${SAMPLE_USERS}`,
  );
  const numbers = await pool.query<{ product_number: string }>(
    `select product_number from users where deleted_at is null order by random() limit ${SAMPLE_USERS}`,
  );
  const names = people.rows.map((row) => row.name).filter((name) => /\p{L}{3,}/u.test(name));
  const stored = numbers.rows.map((row) => row.product_number);
  if (names.length === 0 || stored.length === 0) throw new Error('the corpus has no users to search for');

  const scenario = (name: string, next: () => UsersQuery): UsersAdminScenario => ({
    name,
    method: 'GET',
    headers: { authorization: `Bearer ${sample.staff.token}` },
    viewerId: sample.staff.id,
    next: () => ({ path: usersPath(next()) }),
    statements: async (replayPool) => {
      const variants: SqlStatement[][] = [];
      for (let i = 0; i < SQL_VARIANTS; i += 1) variants.push(await usersPageStatements(replayPool, next()));
      return variants;
    },
  });
  return [
    scenario('users: page 1-5', () => ({ page: randomInt(1, 6) })),
    scenario('users: part of a name', () => ({ page: 1, q: partOfName(pickFrom(names)) })),
    scenario('users: digits', () => ({ page: 1, q: typedNumber(pickFrom(stored)) })),
  ];
}
