import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { UserListReply } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { EXACT_COUNT_LIMIT } from '../../db/bounded-count.ts';

type Headers = Record<string, string>;

describeWithApp('the users table of a large desk', (ctx) => {
  // Past twice the exact limit, the number of all users is the planner's estimate alone.
  const PEOPLE = 2 * EXACT_COUNT_LIMIT + 500;
  let adminHeaders: Headers;

  const list = async (query: string): Promise<UserListReply> =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v1/users${query}`, headers: adminHeaders })).json<UserListReply>();
  const names = (reply: UserListReply) => reply.data.map((user) => user.name);
  const people = (from: number, count: number) => Array.from({ length: count }, (_, i) => `Person ${from + i}`);

  beforeAll(async () => {
    // Person 1 is the newest. The admin is newer still, and is no Person.
    await ctx.db.execute(
      sql.raw(`insert into users (name, product_number, user_type, role, created_at)
        select 'Person ' || i, '88097' || lpad(i::text, 8, '0'), 'customer', 'user', now() - i * interval '1 minute'
        from generate_series(1, ${PEOPLE}) i`),
    );
    await ctx.db.execute(sql`analyze users`);
    adminHeaders = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin', name: 'The Admin' })).headers;
  });

  it('estimates the number of all users and still pages from both ends', async () => {
    const first = await list('?page=1');
    expect(Math.abs(first.total - PEOPLE) / PEOPLE).toBeLessThan(0.05);
    expect(first.total_is_estimate).toBe(true);
    expect(names(first)).toEqual(['The Admin', ...people(1, 9)]);
    expect(names(await list('?page=2'))).toEqual(people(10, 10));
    const last = await list(`?page=${first.total_pages}`);
    expect(last.data.length).toBeGreaterThan(0);
    expect(names(last).at(-1)).toBe(`Person ${PEOPLE}`);
  });

  it('estimates a search past the exact limit, newest matches first', async () => {
    const first = await list('?q=person');
    expect(first.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(first.total_is_estimate).toBe(true);
    expect(names(first)).toEqual(people(1, 10));
    const last = await list(`?q=person&page=${first.total_pages}`);
    expect(names(last).at(-1)).toBe(`Person ${PEOPLE}`);
  });

  it('counts a narrower search exactly', async () => {
    const first = await list('?q=Person%201234');
    expect(first).toMatchObject({ total: 11, total_is_estimate: false, total_pages: 2, next_page: 2 });
    expect(names(first)).toEqual(['Person 1234', ...people(12340, 9)]);
    expect(names(await list('?q=Person%201234&page=2'))).toEqual(['Person 12349']);
  });
});
