import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildUser, signedInAs } from '../../../test/factories.ts';
import { issueToken } from '../auth/auth.service.ts';
import { findLiveUserById } from './users.repository.ts';

describeWithApp('the last admin', (ctx) => {
  const call = (method: 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload }) });

  it('cannot take the admin role from the last admin', async () => {
    const only = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
    const body = { name: only.user.name, product_number: only.user.productNumber, user_type: 'cc', role: 'user' };
    const reply = await call('PUT', `/users/${only.user.id}`, only.headers, body);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe('The last admin cannot be removed; make another user admin first');
    expect(await findLiveUserById(ctx.db, only.user.id)).toMatchObject({ role: 'admin' });
  });

  it('cannot delete the last admin, even when two admins delete each other at once', async () => {
    const [first, second] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.role, 'admin'))
      .then(async (rows) => [rows[0], await buildUser(ctx.db, { userType: 'cc', role: 'admin' })]);
    if (!first || !second) throw new Error('expected two admins');
    const headersOf = async (row: typeof first) => ({ authorization: `Bearer ${await issueToken(ctx.app.tokens, row)}` });
    const replies = await Promise.all([
      call('DELETE', `/users/${second.id}`, await headersOf(first)),
      call('DELETE', `/users/${first.id}`, await headersOf(second)),
    ]);
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const admins = await ctx.db
      .select()
      .from(users)
      .where(sql`${users.role} = 'admin' and ${users.deletedAt} is null`);
    expect(admins).toHaveLength(1);
  });
});
