/** Session tokens: HS256 JWTs with an algorithm allow-list and the user's token_version. */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ROLES, USER_TYPES } from '@switchboard/shared';
import { z } from 'zod';

const claimsSchema = z.object({
  sub: z.uuid(),
  ver: z.number().int(),
  user_type: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  name: z.string(),
  number: z.string(),
});

export type TokenClaims = z.infer<typeof claimsSchema>;

export interface TokenIssuer {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything else (bad signature, expired, other algorithm). */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenIssuer(secret: string, ttl: string): TokenIssuer {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(ttl)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = claimsSchema.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch {
        return null;
      }
    },
  };
}
