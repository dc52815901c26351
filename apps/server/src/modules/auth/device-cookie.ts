/**
 * The device cookie: a browser that signed in to a number carries a signed note of it, so that the
 * number-wide caps a stranger can fill (codes per hour, the day's lock after wrong codes) do not
 * stop the number's owner. The cookie proves only that this browser once held a code of the number;
 * it never signs anyone in, and the limits per address and per code still apply to it.
 *
 * Value: `<number>.<issued, epoch seconds>.<HMAC-SHA256 of both, base64url>`, keyed by a secret
 * derived from JWT_SECRET. HttpOnly (scripts cannot read it), SameSite=Strict (other sites cannot
 * send it), Secure in production, sent only to the sign-in calls, and good for DEVICE_COOKIE_DAYS:
 * a number given to someone else stops honouring its old owner's devices then.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'sign_in_device';
export const DEVICE_COOKIE_DAYS = 90;
const DEVICE_COOKIE_PATH = '/api/v1/users';
const MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 24 * 60 * 60;
/** Numbers are digits (normalised +880… without the plus); the limit is the schema's order of size. */
const VALUE_PATTERN = /^(\d{6,20})\.(\d{1,12})\.([\w-]{43})$/;

function signatureOf(secret: string, productNumber: string, issuedSeconds: number): string {
  return createHmac('sha256', secret).update(`${productNumber}.${issuedSeconds}`).digest('base64url');
}

/** The Set-Cookie header that marks this browser as a device of `productNumber`. */
export function deviceCookieHeader(secret: string, productNumber: string, secure: boolean, now = new Date()): string {
  const issued = Math.floor(now.getTime() / 1000);
  const value = `${productNumber}.${issued}.${signatureOf(secret, productNumber, issued)}`;
  const attributes = [`Path=${DEVICE_COOKIE_PATH}`, `Max-Age=${MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return [`${DEVICE_COOKIE}=${value}`, ...attributes].join('; ');
}

/** The value of the device cookie in a Cookie header, if any. */
function cookieValue(header: string | undefined): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Whether the Cookie header carries a genuine, unexpired device cookie for `productNumber`. */
export function isDeviceOf(secret: string, cookieHeader: string | undefined, productNumber: string, now = new Date()): boolean {
  const match = VALUE_PATTERN.exec(cookieValue(cookieHeader) ?? '');
  if (!match) return false;
  const [, number, issuedText, signature] = match as unknown as [string, string, string, string];
  if (number !== productNumber) return false;
  const issued = Number(issuedText);
  const ageSeconds = now.getTime() / 1000 - issued;
  if (ageSeconds < -60 || ageSeconds > MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(signatureOf(secret, number, issued));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
