/**
 * Why a session ended (ASVS V7.4.1, V7.2.1): a 401 tells the sign-in screen whether the account
 * was changed or deleted since the token was issued, or the token expired, on validate-token and
 * on every signed-in endpoint. Tokens that are not ours learn nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { describeWithApp } from '../harness.ts';
import { signedInAs } from '../factories.ts';
import { tokenSignedWith } from './callers.ts';
import { fillPath, listEndpoints } from './endpoints.ts';

describeWithApp('why a session ended', (ctx) => {
  const validate = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: { authorization: `Bearer ${token}` } });

  it('says account_changed when the account was changed since the token was issued', async () => {
    const { user, token } = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    expect((await validate(token)).statusCode).toBe(200);
    await ctx.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    const reply = await validate(token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({
      message: 'Your session ended because your account was changed. Please sign in again.',
      code: 'unauthorized',
      details: { reason: 'account_changed' },
    });
  });

  it('says account_changed when the account was deleted', async () => {
    const { user, token } = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await validate(token)).json()).toMatchObject({ code: 'unauthorized', details: { reason: 'account_changed' } });
  });

  it('says expired for an expired token of ours, and nothing for a token that is not ours or none', async () => {
    const { user } = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const token = await tokenSignedWith(ctx.config.jwtSecret, user, Math.floor(Date.now() / 1000) - 60);
    const reply = await validate(token);
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({
      message: 'Your session has expired. Please sign in again.',
      code: 'unauthorized',
      details: { reason: 'expired' },
    });

    const now = Math.floor(Date.now() / 1000);
    const foreign = await tokenSignedWith('another-secret-of-at-least-32-characters', user, now + 3600);
    const foreignExpired = await tokenSignedWith('another-secret-of-at-least-32-characters', user, now - 60);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/validate-token' });
    for (const reply of [anonymous, await validate(foreign), await validate(foreignExpired), await validate('not.a.token')]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ message: 'Your session has ended. Please sign in again.', code: 'unauthorized' });
    }
  });

  it('gives the reason on every signed-in endpoint', async () => {
    const { user, headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const reasons: Record<string, unknown> = {};
    const endpoints = listEndpoints(ctx.app).filter((endpoint) => endpoint.signedIn);
    for (const endpoint of endpoints) {
      const url = fillPath(endpoint.path, { id: '1', page: '1', groupId: 'x', subId: 'x', number: '01712345678' });
      const reply = await ctx.app.inject({
        method: endpoint.method,
        url,
        headers,
        ...(endpoint.method === 'GET' ? {} : { payload: {} }),
      });
      reasons[endpoint.key] = `${reply.statusCode} ${reply.json<{ details?: { reason?: string } }>().details?.reason}`;
    }
    expect(reasons).toEqual(Object.fromEntries(endpoints.map((endpoint) => [endpoint.key, '401 account_changed'])));
  });
});
