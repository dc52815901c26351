/**
 * API client tokens (DESIGN.md §21): `sb_<client id>_<32 random bytes, base64url>`. Only the
 * SHA-256 of the secret part is stored; a presented token is hashed and compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_TOKEN_PATTERN, API_TOKEN_PREFIX } from '@switchboard/shared';

const SECRET_BYTES = 32;

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new token of the client `clientId`, and the hash to store. */
export function issueApiToken(clientId: string): { token: string; hash: string } {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { token: `${API_TOKEN_PREFIX}${clientId}_${secret}`, hash: hashTokenSecret(secret) };
}

/** The client id and secret of a well-formed token, or null. */
export function parseApiToken(token: string): { clientId: string; secret: string } | null {
  const match = API_TOKEN_PATTERN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  return { clientId: match[1], secret: match[2] };
}

/** Whether the secret's hash is the stored one, in time that does not depend on where they differ. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashTokenSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
