import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_SEARCH_MAX_LENGTH, type UserListReply } from '@switchboard/shared';
import { users } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';

type Headers = Record<string, string>;

describeWithApp('the users table, a page at a time', (ctx) => {
  let adminHeaders: Headers;
  /** Every live user, newest first. */
  let newestFirst: string[];
  const start = Date.now() - 86_400_000;

  const list = (query: string, headers: Headers = adminHeaders) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/users${query}`, headers });
  const namesOf = async (query: string) => (await list(query)).json<UserListReply>().data.map((user) => user.name);

  beforeAll(async () => {
    const admin = await signedInAs(ctx.app, ctx.db, {
      userType: 'cc',
      role: 'admin',
      name: 'The Admin',
      // A fixed number, so that no search of these tests finds the admin by chance.
      productNumber: '8809699999999',
    });
    adminHeaders = admin.headers;
    const people = [
      { name: 'Sadia Karim', productNumber: '8809631234567' },
      { name: 'Abdul KARIM', productNumber: '8809640000001' },
      { name: '50% Discount Desk', productNumber: '8809640000002' },
      { name: 'Deleted Karim', productNumber: '8809640000003', deletedAt: new Date() },
      // The same last eight digits as Sadia's number, and a "ka" that does not start a word.
      { name: 'Nusrat Jahan', productNumber: '8809641234567' },
      { name: 'Mika Das', productNumber: '8809640000004' },
      { name: 'Rahim & Sons', productNumber: '8809640000005' },
      ...Array.from({ length: 20 }, (_, i) => ({
        name: `Customer ${String(i).padStart(2, '0')}`,
        productNumber: `88096500000${String(i).padStart(2, '0')}`,
      })),
    ];
    await ctx.db.insert(users).values(
      people.map((person, i) => ({
        ...person,
        userType: 'customer' as const,
        role: 'user' as const,
        createdAt: new Date(start + i * 60_000),
      })),
    );
    // Whoever else the database holds (a first admin) is listed too, after these; the desk's own
    // accounts (network monitoring, API clients) are people of no list.
    const live = await ctx.db
      .select({ name: users.name })
      .from(users)
      .where(and(isNull(users.deletedAt), eq(users.kind, 'person')))
      .orderBy(desc(users.createdAt), asc(users.name), asc(users.id));
    newestFirst = live.map((user) => user.name);
    expect(newestFirst.slice(0, 3)).toEqual(['The Admin', 'Customer 19', 'Customer 18']);
    expect(newestFirst).not.toContain('Deleted Karim');
    expect(newestFirst.length).toBeGreaterThan(20);
    expect(newestFirst.length).toBeLessThanOrEqual(30);
  });

  it('gives an admin 10 users a page, newest first, with the totals and neighbours', async () => {
    const total = newestFirst.length;
    const pages = await Promise.all([1, 2, 3].map((page) => list(`?page=${page}`)));
    const bodies = pages.map((reply) => reply.json<UserListReply>());
    expect(bodies.map((body) => body.data.length)).toEqual([10, 10, total - 20]);
    expect(bodies.flatMap((body) => body.data.map((user) => user.name))).toEqual(newestFirst);
    expect(
      bodies.map(({ total, total_pages, previous_page, next_page }) => [total, total_pages, previous_page, next_page]),
    ).toEqual([
      [total, 3, null, 2],
      [total, 3, 1, 3],
      [total, 3, 2, null],
    ]);
  });

  it('starts at page 1 without a page and answers a page past the end with no rows', async () => {
    expect(await namesOf('')).toEqual(newestFirst.slice(0, 10));
    const past = (await list('?page=9')).json<UserListReply>();
    expect(past).toEqual({
      data: [],
      total: newestFirst.length,
      total_is_estimate: false,
      total_pages: 3,
      previous_page: 3,
      next_page: null,
    });
  });

  it('finds part of a name in any case, never a deleted user', async () => {
    expect(await namesOf('?q=karim')).toEqual(['Abdul KARIM', 'Sadia Karim']);
    expect(await namesOf('?q=%20KaRi%20')).toEqual(['Abdul KARIM', 'Sadia Karim']);
  });

  it.each([
    ['the local form', '09631234567'],
    ['the stored form', '8809631234567'],
    ['the international form', '%2B8809631234567'],
    ['the start of the local form', '0963'],
    ['a middle part', '3123456'],
  ])('finds a number typed in %s', async (_case, q) => {
    expect(await namesOf(`?q=${q}`)).toEqual(['Sadia Karim']);
  });

  it('needs every digit of a number typed in full, not only its subscriber part', async () => {
    expect(await namesOf('?q=1234567')).toEqual(['Nusrat Jahan', 'Sadia Karim']);
    expect(await namesOf('?q=09631234567')).toEqual(['Sadia Karim']);
    expect(await namesOf('?q=%2B8809641234567')).toEqual(['Nusrat Jahan']);
    expect(await namesOf('?q=%2B88096412345678')).toEqual([]);
  });

  it('finds the start of a word of the name for fewer than three letters and digits, in any case', async () => {
    expect(await namesOf('?q=ka')).toEqual(['Abdul KARIM', 'Sadia Karim']);
    expect(await namesOf('?q=kA')).toEqual(['Abdul KARIM', 'Sadia Karim']);
    expect(await namesOf('?q=d')).toEqual(['Mika Das', '50% Discount Desk']);
    expect(await namesOf('?q=50')).toEqual(['50% Discount Desk']);
    // Two digits are in nearly every number: they are looked for at the start of a word of the name only.
    expect(await namesOf('?q=%2B88')).toEqual([]);
  });

  it('finds nobody by punctuation alone', async () => {
    for (const q of ['%26', '-', '%25%25%25', '%2B']) {
      expect((await list(`?q=${q}`)).json<UserListReply>()).toMatchObject({ data: [], total: 0, total_pages: 0 });
    }
  });

  it('counts the matches of a search past its last page', async () => {
    expect((await list('?q=karim&page=9')).json<UserListReply>()).toMatchObject({ data: [], total: 2, total_pages: 1 });
  });

  it('pages through the matches of a search', async () => {
    const body = (await list('?q=customer&page=2')).json<UserListReply>();
    expect(body).toMatchObject({ total: 20, total_pages: 2, previous_page: 1, next_page: null });
    expect(body.data.map((user) => user.name)).toEqual(newestFirst.filter((name) => name.startsWith('Customer')).slice(10));
  });

  it('treats % and _ as letters', async () => {
    expect(await namesOf('?q=50%25')).toEqual(['50% Discount Desk']);
    expect(await namesOf('?q=_')).toEqual([]);
  });

  it('treats a blank search as none', async () => {
    expect((await list('?q=%20%20')).json<UserListReply>().total).toBe(newestFirst.length);
  });

  describe('refuses bad paging and search with 400', () => {
    it.each([
      ['page 0', '?page=0', 'page'],
      ['a page that is not a number', '?page=abc', 'page'],
      ['a search that is too long', `?q=${'a'.repeat(USER_SEARCH_MAX_LENGTH + 1)}`, 'q'],
    ])('%s', async (_case, query, field) => {
      const reply = await list(query);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', details: { [field]: expect.any(String) } });
    });

    it('accepts a search of exactly the longest length', async () => {
      expect((await list(`?q=${'a'.repeat(USER_SEARCH_MAX_LENGTH)}`)).statusCode).toBe(200);
    });
  });

  it('refuses a search to anyone but an admin with 403, and to a stranger with 401', async () => {
    const moderator = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'moderator' });
    const refused = await list('?q=karim', moderator.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Karim');
    expect((await list('?q=karim', {})).statusCode).toBe(401);
  });
});
