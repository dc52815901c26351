import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenIssuer, type TokenClaims } from './tokens.ts';
import { createVerifiedTokens, VERIFIED_TOKEN_TTL_MS } from './verified-tokens.ts';

const claims: TokenClaims = {
  sub: '7f0c8d8e-2d4b-4f53-9d0e-2b2f7a4b9c11',
  ver: 1,
  user_type: 'cc',
  role: 'admin',
  name: 'Admin',
  number: '8809638000001',
};

describe('verified tokens', () => {
  it('answers for a minute at most', () => {
    const verified = createVerifiedTokens();
    verified.remember('t', claims, Infinity, 0);
    expect(verified.get('t', VERIFIED_TOKEN_TTL_MS - 1)).toEqual({ claims, expiresAt: Infinity });
    expect(verified.get('t', VERIFIED_TOKEN_TTL_MS)).toBeUndefined();
  });

  it('never answers past the token’s own expiry', () => {
    const verified = createVerifiedTokens();
    verified.remember('t', claims, 5_000, 0);
    expect(verified.get('t', 4_999)).toEqual({ claims, expiresAt: 5_000 });
    expect(verified.get('t', 5_000)).toBeUndefined();
    verified.remember('late', claims, 1_000, 1_000);
    expect(verified.get('late', 1_000)).toBeUndefined();
  });

  it('keeps at most its capacity, forgetting the oldest first', () => {
    const verified = createVerifiedTokens(2);
    verified.remember('a', claims, Infinity, 0);
    verified.remember('b', claims, Infinity, 0);
    verified.remember('c', claims, Infinity, 0);
    expect(verified.get('a', 1)).toBeUndefined();
    expect(verified.get('b', 1)).toEqual({ claims, expiresAt: Infinity });
    expect(verified.get('c', 1)).toEqual({ claims, expiresAt: Infinity });
  });
});

describe('the token issuer with verified tokens remembered', () => {
  const secret = 'a-secret-of-the-tests-that-is-long-enough';
  afterEach(() => vi.useRealTimers());

  it('still refuses a tampered copy of a token it has just verified', async () => {
    const issuer = createTokenIssuer(secret, '1h');
    const token = await issuer.sign(claims);
    expect(await issuer.check(token)).toEqual({ claims, expiresAt: expect.any(Number) });
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    expect(await issuer.check(forged)).toEqual({ problem: 'invalid' });
  });

  it('says a remembered token has expired once its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const issuer = createTokenIssuer(secret, '1h');
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('30s')
      .sign(new TextEncoder().encode(secret));
    const expiresAt = new Date('2026-11-23T10:00:30Z').getTime();
    expect(await issuer.check(token)).toEqual({ claims, expiresAt });
    vi.setSystemTime(new Date('2026-11-23T10:00:29Z'));
    expect(await issuer.check(token)).toEqual({ claims, expiresAt });
    vi.setSystemTime(new Date('2026-11-23T10:00:30Z'));
    expect(await issuer.check(token)).toEqual({ problem: 'expired' });
  });
});
