/** Session tokens: HS256 JWTs with an algorithm allow-list and the user's token_version. */
import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { ROLES, USER_TYPES } from '@switchboard/shared';
import { z } from 'zod';
import { createVerifiedTokens } from './verified-tokens.ts';

const claimsSchema = z.object({
  sub: z.uuid(),
  ver: z.number().int(),
  user_type: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  name: z.string(),
  number: z.string(),
});

export type TokenClaims = z.infer<typeof claimsSchema>;

/**
 * A token read: its claims and when it expires (epoch ms), or why not. `expired` only for a token
 * this server signed.
 */
export type TokenCheck = { claims: TokenClaims; expiresAt: number } | { problem: 'expired' | 'invalid' };

export interface TokenIssuer {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything else (bad signature, expired, other algorithm). */
  verify(token: string): Promise<TokenClaims | null>;
  /** Like verify, but tells an expired token (correctly signed) from any other bad one. */
  check(token: string): Promise<TokenCheck>;
}

export function createTokenIssuer(secret: string, ttl: string): TokenIssuer {
  const key = new TextEncoder().encode(secret);
  const verified = createVerifiedTokens();
  return {
    sign: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(ttl)
        .sign(key),
    verify: async (token) => {
      const checked = await check(token);
      return 'claims' in checked ? checked.claims : null;
    },
    check,
  };

  async function check(token: string): Promise<TokenCheck> {
    const known = verified.get(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) return { problem: 'invalid' };
      // jwtVerify has checked `exp` is a number; a token without one is remembered for the minute.
      const expiresAt = payload.exp === undefined ? Infinity : payload.exp * 1000;
      verified.remember(token, claims.data, expiresAt);
      return { claims: claims.data, expiresAt };
    } catch (error) {
      // jose checks the signature before the expiry: JWTExpired means the token was ours.
      return { problem: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
