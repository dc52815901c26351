/**
 * Tokens this process has verified lately, with their claims: a signed-in screen sends the same
 * token with every request, and checking its HS256 signature each time is a WebCrypto job per
 * request. An entry holds at most VERIFIED_TOKEN_TTL_MS, never past the token's own expiry, so a
 * cached answer is never one that jose would no longer give. Only tokens that passed verification
 * enter; the user row is still read on every request (DESIGN.md §6), so a deleted account or a
 * bumped token_version ends the session at once.
 */
import type { TokenClaims } from './tokens.ts';

export const VERIFIED_TOKEN_TTL_MS = 60_000;
/** Entries kept at most; the oldest go first (a token is about 400 bytes: a few MB in all). */
export const VERIFIED_TOKEN_CAPACITY = 10_000;

interface Entry {
  claims: TokenClaims;
  /** The token's own expiry, epoch ms. */
  expiresAt: number;
  /** Epoch ms after which the entry no longer answers. */
  until: number;
}

export interface VerifiedTokens {
  /** The claims and expiry of a token verified within the last minute and not yet expired, else undefined. */
  get(token: string, now?: number): { claims: TokenClaims; expiresAt: number } | undefined;
  /** Remembers a verified token; `expiresAt` is its `exp` in epoch ms. */
  remember(token: string, claims: TokenClaims, expiresAt: number, now?: number): void;
}

export function createVerifiedTokens(capacity = VERIFIED_TOKEN_CAPACITY, ttl = VERIFIED_TOKEN_TTL_MS): VerifiedTokens {
  // A Map iterates in insertion order: its first key is the oldest entry.
  const entries = new Map<string, Entry>();
  return {
    get(token, now = Date.now()) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (now < entry.until) return { claims: entry.claims, expiresAt: entry.expiresAt };
      entries.delete(token);
      return undefined;
    },
    remember(token, claims, expiresAt, now = Date.now()) {
      const until = Math.min(now + ttl, expiresAt);
      if (until <= now) return;
      entries.delete(token);
      entries.set(token, { claims, expiresAt, until });
      if (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
  };
}
