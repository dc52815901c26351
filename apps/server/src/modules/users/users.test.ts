import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Role, UserType } from '@switchboard/shared';
import { users } from '../../db/schema.ts';
import { describeWithApp, type TestContext } from '../../../test/harness.ts';
import { buildUser, randomProductNumber, signedInAs } from '../../../test/factories.ts';
import { issueToken } from '../auth/auth.service.ts';
import { findLiveUserById } from './users.repository.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function caller(ctx: TestContext) {
  return (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const countUsers = async (ctx: TestContext) => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;

const newUserBody = (fields: Record<string, unknown> = {}) => ({
  name: 'Mitu Chowdhury',
  product_number: randomProductNumber(),
  phone_number: '8801712345678',
  user_type: 'rs',
  role: 'support',
  ...fields,
});

const OTHERS: { userType: UserType; role: Role }[] = [
  { userType: 'iptsp', role: 'moderator' },
  { userType: 'cc', role: 'support' },
  { userType: 'rs', role: 'user' },
  { userType: 'agent', role: 'user' },
  { userType: 'customer', role: 'user' },
];

describeWithApp('user administration', (ctx) => {
  const call = caller(ctx);
  const admin = () => signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });

  it('lists live users for an admin, newest first, without internals', async () => {
    const { headers } = await admin();
    const newest = await buildUser(ctx.db, { name: 'Newest user' });
    const reply = await call('GET', '/users', headers);
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json();
    expect(data[0]).toEqual({
      _id: newest.id,
      name: 'Newest user',
      product_number: newest.productNumber,
      phone_number: newest.phoneNumber,
      user_type: 'customer',
      role: 'user',
      created_at: newest.createdAt.toISOString(),
    });
  });

  it.each(OTHERS)('refuses every users endpoint to a $userType $role with 403', async (fields) => {
    const { headers } = await signedInAs(ctx.app, ctx.db, fields);
    const target = await buildUser(ctx.db);
    const before = await countUsers(ctx);
    const replies = await Promise.all([
      call('GET', '/users', headers),
      call('POST', '/users/signup', headers, newUserBody()),
      call('PUT', `/users/${target.id}`, headers, { ...newUserBody(), product_number: target.productNumber }),
      call('DELETE', `/users/${target.id}`, headers),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([403, 403, 403, 403]);
    expect(replies[0]?.json()).toEqual({ code: 'forbidden', message: 'Only admins can manage users' });
    expect(await countUsers(ctx)).toBe(before);
    expect(await findLiveUserById(ctx.db, target.id)).toMatchObject({ name: target.name, role: 'user' });
  });

  it('refuses every users endpoint without a token with 401, even with a broken body', async () => {
    const target = await buildUser(ctx.db);
    const replies = await Promise.all([
      call('GET', '/users'),
      call('GET', '/users/lookup'),
      call('POST', '/users/signup', {}, { name: '' }),
      call('PUT', `/users/${target.id}`, {}, newUserBody()),
      call('DELETE', `/users/${target.id}`),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([401, 401, 401, 401, 401]);
  });

  describe('signup', () => {
    it('creates a user with every field as sent', async () => {
      const { headers } = await admin();
      const body = newUserBody({ name: '  Mitu Chowdhury ' });
      const reply = await call('POST', '/users/signup', headers, body);
      expect(reply.statusCode).toBe(201);
      const { message, data } = reply.json();
      expect(message).toBe('User created');
      expect(data).toMatchObject({
        name: 'Mitu Chowdhury',
        product_number: body.product_number,
        user_type: 'rs',
        role: 'support',
      });
      expect(await findLiveUserById(ctx.db, data._id)).toMatchObject({ phoneNumber: '8801712345678', tokenVersion: 0 });
    });

    it.each([
      ['no name', { name: undefined }, 'name'],
      ['a blank name', { name: '   ' }, 'name'],
      ['a number without the 88 prefix', { product_number: '09638123456' }, 'product_number'],
      ['no phone number', { phone_number: undefined }, 'phone_number'],
      ['a phone number without the 88 prefix', { phone_number: '01712345678' }, 'phone_number'],
      ['an unknown user type', { user_type: 'manager' }, 'user_type'],
      ['no role', { role: undefined }, 'role'],
      ['an unknown role', { role: 'owner' }, 'role'],
    ])('refuses %s and stores nothing', async (_reason, fields, field) => {
      const { headers } = await admin();
      const before = await countUsers(ctx);
      const reply = await call('POST', '/users/signup', headers, newUserBody(fields));
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation' });
      expect(reply.json().details).toHaveProperty(field);
      expect(await countUsers(ctx)).toBe(before);
    });

    it('refuses a number that a live user holds with 409', async () => {
      const { headers } = await admin();
      const holder = await buildUser(ctx.db);
      const before = await countUsers(ctx);
      const reply = await call('POST', '/users/signup', headers, newUserBody({ product_number: holder.productNumber }));
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toEqual({ code: 'conflict', message: 'A user with this number already exists' });
      expect(await countUsers(ctx)).toBe(before);
    });

    it('gives the number of a deleted user to a new account', async () => {
      const { headers } = await admin();
      const gone = await buildUser(ctx.db);
      expect((await call('DELETE', `/users/${gone.id}`, headers)).statusCode).toBe(200);
      const reply = await call('POST', '/users/signup', headers, newUserBody({ product_number: gone.productNumber }));
      expect(reply.statusCode).toBe(201);
    });
  });

  describe('edit', () => {
    it('changes name, number, type and role and ignores created_at', async () => {
      const { headers } = await admin();
      const target = await buildUser(ctx.db, { userType: 'rs', role: 'user' });
      const number = randomProductNumber();
      const reply = await call('PUT', `/users/${target.id}`, headers, {
        name: 'Renamed',
        product_number: number,
        user_type: 'iptsp',
        role: 'moderator',
        created_at: '2001-01-01T00:00:00.000Z',
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({
        message: 'User updated',
        data: {
          name: 'Renamed',
          product_number: number,
          user_type: 'iptsp',
          role: 'moderator',
          created_at: target.createdAt.toISOString(),
        },
      });
      expect(await findLiveUserById(ctx.db, target.id)).toMatchObject({
        createdAt: target.createdAt,
        phoneNumber: target.phoneNumber,
      });
    });

    it('refuses an invalid body and changes nothing', async () => {
      const { headers } = await admin();
      const target = await buildUser(ctx.db);
      for (const body of [
        {},
        { ...newUserBody(), role: 'root' },
        { ...newUserBody(), product_number: '123' },
        { ...newUserBody(), name: '' },
      ]) {
        const reply = await call('PUT', `/users/${target.id}`, headers, body);
        expect(reply.statusCode).toBe(400);
      }
      expect(await findLiveUserById(ctx.db, target.id)).toEqual(target);
    });

    it('refuses a number that another user holds with 409', async () => {
      const { headers } = await admin();
      const [target, holder] = [await buildUser(ctx.db), await buildUser(ctx.db)];
      const reply = await call('PUT', `/users/${target.id}`, headers, newUserBody({ product_number: holder.productNumber }));
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe('A user with this number already exists');
    });

    it('answers 404 for an unknown or deleted user', async () => {
      const { headers } = await admin();
      const gone = await buildUser(ctx.db);
      await call('DELETE', `/users/${gone.id}`, headers);
      for (const id of [gone.id, '00000000-0000-4000-8000-000000000000']) {
        expect((await call('PUT', `/users/${id}`, headers, newUserBody())).statusCode).toBe(404);
        expect((await call('DELETE', `/users/${id}`, headers)).statusCode).toBe(404);
      }
      expect((await call('DELETE', '/users/not-a-uuid', headers)).statusCode).toBe(400);
    });

    it('applies a role change on the next request: the old token ends, a new one carries the role', async () => {
      const { headers } = await admin();
      const promoted = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'support' });
      expect((await call('GET', '/users', promoted.headers)).statusCode).toBe(403);
      const body = { name: promoted.user.name, product_number: promoted.user.productNumber, user_type: 'cc', role: 'admin' };
      expect((await call('PUT', `/users/${promoted.user.id}`, headers, body)).statusCode).toBe(200);
      expect((await call('GET', '/users', promoted.headers)).statusCode).toBe(401);
      const fresh = await findLiveUserById(ctx.db, promoted.user.id);
      if (!fresh) throw new Error('the promoted user is gone');
      const newToken = await issueToken(ctx.app.tokens, fresh);
      expect((await call('GET', '/users', { authorization: `Bearer ${newToken}` })).statusCode).toBe(200);
    });

    it('applies a type change at once too', async () => {
      const { headers } = await admin();
      const moved = await signedInAs(ctx.app, ctx.db, { userType: 'rs', role: 'support' });
      expect((await call('GET', '/users/lookup', moved.headers)).statusCode).toBe(200);
      const body = { name: moved.user.name, product_number: moved.user.productNumber, user_type: 'iptsp', role: 'support' };
      await call('PUT', `/users/${moved.user.id}`, headers, body);
      expect((await call('GET', '/users/lookup', moved.headers)).statusCode).toBe(401);
    });

    it('keeps the sessions of a user whose name alone changed', async () => {
      const { headers } = await admin();
      const renamed = await signedInAs(ctx.app, ctx.db, { userType: 'rs', role: 'support' });
      const body = { name: 'New name', product_number: renamed.user.productNumber, user_type: 'rs', role: 'support' };
      await call('PUT', `/users/${renamed.user.id}`, headers, body);
      expect((await call('GET', '/users/validate-token', renamed.headers)).json()).toMatchObject({ user: { name: 'New name' } });
    });
  });

  describe('delete', () => {
    it('soft-deletes the user, ends their session at once and hides them from the list', async () => {
      const { headers } = await admin();
      const doomed = await signedInAs(ctx.app, ctx.db, { userType: 'rs', role: 'support' });
      expect((await call('GET', '/users/validate-token', doomed.headers)).statusCode).toBe(200);
      const reply = await call('DELETE', `/users/${doomed.user.id}`, headers);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ message: 'User deleted' });
      expect((await call('GET', '/users/validate-token', doomed.headers)).statusCode).toBe(401);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, doomed.user.id));
      expect(row?.deletedAt).toBeInstanceOf(Date);
      expect(row?.name).toBe(doomed.user.name);
      const listed = (await call('GET', '/users', headers)).json().data.map((user: { _id: string }) => user._id);
      expect(listed).not.toContain(doomed.user.id);
    });

    it('refuses an admin their own account', async () => {
      const me = await admin();
      await admin();
      const reply = await call('DELETE', `/users/${me.user.id}`, me.headers);
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe('You cannot delete your own account');
      expect(await findLiveUserById(ctx.db, me.user.id)).toBeDefined();
    });
  });

  describe('lookup', () => {
    it.each<{ userType: UserType; role: Role }>([
      { userType: 'cc', role: 'support' },
      { userType: 'rs', role: 'user' },
      { userType: 'iptsp', role: 'admin' },
    ])('answers a $userType $role with at most 20 matches of only the picker fields', async (fields) => {
      const { headers } = await signedInAs(ctx.app, ctx.db, fields);
      for (let i = 0; i < 22; i++) await buildUser(ctx.db, { name: `Lookup Person ${i}`, userType: 'rs' });
      const reply = await call('GET', '/users/lookup?q=lookup%20person', headers);
      expect(reply.statusCode).toBe(200);
      const { data } = reply.json();
      expect(data).toHaveLength(20);
      expect(Object.keys(data[0]).sort()).toEqual(['_id', 'name', 'product_number', 'user_type']);
    });

    it('filters by number and by user type and treats % as a letter', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'support' });
      const target = await buildUser(ctx.db, { name: 'Unique Zafar', userType: 'oss_bss' });
      const byNumber = (await call('GET', `/users/lookup?q=${target.productNumber.slice(-8)}`, headers)).json().data;
      expect(byNumber.map((user: { _id: string }) => user._id)).toContain(target.id);
      const byType = (await call('GET', '/users/lookup?q=zafar&user_type=customer', headers)).json().data;
      expect(byType).toEqual([]);
      expect((await call('GET', '/users/lookup?q=%25', headers)).json().data).toEqual([]);
      expect((await call('GET', '/users/lookup?user_type=boss', headers)).statusCode).toBe(400);
    });

    it('searches as the users table does: a number in any typed form, a short part by the start of a word', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'support' });
      const target = await buildUser(ctx.db, { name: 'Quazi Nahid', userType: 'rs' });
      const ids = async (q: string) =>
        (await call('GET', `/users/lookup?q=${q}`, headers)).json<{ data: { _id: string }[] }>().data.map((user) => user._id);
      expect(await ids(`%2B${target.productNumber}`)).toEqual([target.id]);
      expect(await ids(target.productNumber.slice(2))).toEqual([target.id]);
      expect(await ids('QU')).toContain(target.id);
      expect(await ids('ua')).not.toContain(target.id);
    });

    it.each<{ userType: UserType; role: Role }>([
      { userType: 'iptsp', role: 'moderator' },
      { userType: 'oss_bss', role: 'support' },
      { userType: 'agent', role: 'user' },
      { userType: 'customer', role: 'user' },
    ])('refuses a $userType $role with 403', async (fields) => {
      const { headers } = await signedInAs(ctx.app, ctx.db, fields);
      expect((await call('GET', '/users/lookup', headers)).statusCode).toBe(403);
    });
  });
});
