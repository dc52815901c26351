/**
 * The token of an e-mailed rating link (DESIGN.md §25): `<ticket id>.<expiry, seconds>.<signature>`,
 * the signature an HMAC-SHA256 of the first two parts with the rating links' own secret, in
 * base64url. It names one ticket and lasts RATING_LINK_DAYS; whether it was used is the rating's
 * row, not the token's (a token gives one rating because a ticket takes one).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { RATING_LINK_DAYS } from '@switchboard/shared';

const DAY_MS = 24 * 60 * 60_000;
const TOKEN_SHAPE = /^([1-9]\d{0,15})\.([1-9]\d{0,11})\.([\w-]{43})$/;

function signatureOf(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`rating:${body}`).digest();
}

/** A token for `ticketId` that expires RATING_LINK_DAYS after `now`. */
export function signRatingToken(secret: string, ticketId: number, now: Date): string {
  const expires = Math.floor((now.getTime() + RATING_LINK_DAYS * DAY_MS) / 1000);
  const body = `${ticketId}.${expires}`;
  return `${body}.${signatureOf(secret, body).toString('base64url')}`;
}

export type TokenReading = { ok: true; ticketId: number; expired: boolean } | { ok: false };

/**
 * What a token says, or `{ ok: false }` when it is not one we signed (wrong shape, altered ticket or
 * expiry, another secret). The signature is compared in constant time.
 */
export function readRatingToken(secret: string, token: string, now: Date): TokenReading {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return { ok: false };
  const [, ticket = '', expires = '', signature = ''] = match;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, `${ticket}.${expires}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
  return { ok: true, ticketId: Number(ticket), expired: Number(expires) * 1000 <= now.getTime() };
}
