/**
 * The users table of a larger desk must be served by indexes (DESIGN.md §10): on 30,000 users with
 * fresh statistics, no page, search or lookup reads the users table from end to end, and each uses
 * the index it is meant to. Not timed; the statements are the users repository's own, run on the
 * test database (what it sends next depends on what it found: a count past its bound asks for an
 * estimate, a search with many matches walks the newest users).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { listLiveUsersPage, searchLiveUsers } from '../src/modules/users/users-list.repository.ts';
import { describeWithApp } from './harness.ts';
import { hashOf as h, planReader, rowsOf, uuidOf } from './query-plans.ts';

/**
 * The admins' users table of a larger desk: 30,000 users, as the benchmark's corpus makes them
 * (staff and agents with a first and last name, customers named after their number 880963…).
 */
const DESK_USERS = 30_000;
const DESK_USER_NUMBER = (u: number) => `880963${String(u).padStart(7, '0')}`;
const FIRST_NAMES = ['Rahim', 'Karim', 'Nusrat', 'Farhana', 'Tanvir', 'Sadia', 'Imran', 'Mitu', 'Arif', 'Jannat'];
const LAST_NAMES = ['Hossain', 'Ahmed', 'Islam', 'Rahman', 'Chowdhury', 'Akter', 'Khan', 'Sarkar', 'Das', 'Uddin'];
const textArray = (items: string[]) => `array[${items.map((item) => `'${item}'`).join(', ')}]`;
const USERS_CORPUS = [
  `insert into users (id, name, product_number, user_type, role, created_at)
   select ${uuidOf(`'d' || u`)},
     case when u % 10 = 0 then (${textArray(FIRST_NAMES)})[1 + ${h('u', 21)} % ${FIRST_NAMES.length}] || ' '
       || (${textArray(LAST_NAMES)})[1 + ${h('u', 22)} % ${LAST_NAMES.length}]
     else 'Customer +880963' || lpad(u::text, 7, '0') end,
     '880963' || lpad(u::text, 7, '0'), case when u % 10 = 0 then 'agent' else 'customer' end, 'user',
     now() - interval '3 years' + ${h('u', 23)} % (3 * 365 * 86400) * interval '1 second'
   from generate_series(1, ${DESK_USERS}) u`,
  // Every GIN index of users, as the tickets' above: the rows wait in the pending list until then.
  `select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
   join pg_am a on a.oid = c.relam where i.indrelid = 'users'::regclass and a.amname = 'gin'`,
  'analyze users',
];

describeWithApp('users table plans at scale', (ctx) => {
  const { scansOf, replay } = planReader(() => ctx.db);

  it(`fills the users table of a desk with ${DESK_USERS.toLocaleString('en-US')} more users`, async () => {
    for (const statement of USERS_CORPUS) await ctx.db.execute(sql.raw(statement));
    const counted = await rowsOf<{ n: number }>(ctx.db.execute(sql`select count(*)::int as n from users where kind = 'person'`));
    expect(counted[0]?.n).toBe(DESK_USERS);
  }, 60_000);

  const USER_TRIGRAM_INDEXES = ['users_name_trgm', 'users_product_number_trgm'];
  const userPages: [name: string, q: string | undefined, page: number, indexes: string[]][] = [
    ['the first page', undefined, 1, ['users_live_page']],
    ['page 5', undefined, 5, ['users_live_page']],
    ['the last page', undefined, 3_000, ['users_live_page']],
    ['part of a name', 'usra', 1, ['users_name_trgm']],
    ['the start of a word', 'Ja', 1, ['users_name_trgm']],
    ['a number with +88', `+${DESK_USER_NUMBER(12_345)}`, 1, USER_TRIGRAM_INDEXES],
    ['a number in its local form', DESK_USER_NUMBER(12_345).slice(2), 1, USER_TRIGRAM_INDEXES],
    ['part of a number', '12345', 1, USER_TRIGRAM_INDEXES],
  ];

  for (const [name, q, page, indexes] of userPages) {
    it(`serves the users table by ${name} from indexes`, async () => {
      const statements = await replay((db) => listLiveUsersPage(db, q, (page - 1) * 10, 10));
      expect(statements.length).toBeGreaterThan(0);
      const used: (string | undefined)[] = [];
      for (const statement of statements) {
        const { seqScanned, indexes: usedHere } = await scansOf(statement);
        expect(seqScanned, statement.text).not.toContain('users');
        used.push(...usedHere);
      }
      for (const index of indexes) expect(used, statements.map((statement) => statement.text).join('\n')).toContain(index);
    });
  }

  it('looks users up by part of a name or a number through the trigram indexes', async () => {
    for (const [q, index] of [
      ['usra', 'users_name_trgm'],
      [DESK_USER_NUMBER(12_345).slice(2), 'users_product_number_trgm'],
    ] as const) {
      const [lookup, ...others] = await replay((db) => searchLiveUsers(db, { q }, 20));
      if (!lookup || others.length > 0) throw new Error('expected one statement for the lookup');
      const { seqScanned, indexes } = await scansOf(lookup);
      expect(seqScanned, lookup.text).not.toContain('users');
      expect(indexes, lookup.text).toContain(index);
    }
  });
});
