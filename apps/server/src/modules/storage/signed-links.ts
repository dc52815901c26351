/**
 * Expiring download links for objects that must not stay readable by whoever once saw the address
 * (generated reports: every ticket of a period). The app serves them itself at /storage/<key>, from
 * either driver, and only with a valid, unexpired HMAC signature over the key and the expiry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { withoutTrailingSlash } from './storage-contract.ts';

/** Top folders whose objects are served only through a signed link. */
const SIGNED_FOLDERS = ['reports/'];

export function needsSignedLink(key: string): boolean {
  return SIGNED_FOLDERS.some((folder) => key.startsWith(folder));
}

/**
 * The type of an object under a signed folder. Only the server writes there, so the name can be
 * trusted; sniffing cannot tell a streamed .xlsx from any zip.
 */
export function signedObjectTypeOf(key: string): string | null {
  if (key.endsWith('.xlsx')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return null;
}

export interface SignedLinkQuery {
  expires?: string | undefined;
  signature?: string | undefined;
}

export type SignedLinkCheck = 'valid' | 'expired' | 'invalid';

function signatureOf(secret: string, key: string, expiresAtSeconds: number): string {
  return createHmac('sha256', secret).update(`download:${key}:${expiresAtSeconds}`).digest('base64url');
}

/** `<PUBLIC_URL>/storage/<key>?expires=<unix seconds>&signature=<hmac>` (relative without PUBLIC_URL). */
export function signedLinkOf(options: { secret: string; publicUrl: string | undefined }, key: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ expires: String(seconds), signature: signatureOf(options.secret, key, seconds) });
  return `${withoutTrailingSlash(options.publicUrl ?? '')}/storage/${key}?${query.toString()}`;
}

/** Whether a link's query signs this key and has not expired at `now`. */
export function checkSignedLink(secret: string, key: string, query: SignedLinkQuery, now = new Date()): SignedLinkCheck {
  if (!query.expires || !/^\d{1,12}$/.test(query.expires) || !query.signature) return 'invalid';
  const seconds = Number(query.expires);
  const expected = Buffer.from(signatureOf(secret, key, seconds));
  const given = Buffer.from(query.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return seconds * 1000 <= now.getTime() ? 'expired' : 'valid';
}

/** The key and query of a signed link made by signedLinkOf (absolute or relative); null for anything else. */
export function parseSignedLink(link: string): { key: string; query: SignedLinkQuery } | null {
  let url: URL;
  try {
    url = new URL(link, 'http://relative.invalid');
  } catch {
    return null;
  }
  // PUBLIC_URL may carry a path of its own in front of /storage/.
  const prefix = '/storage/';
  const at = url.pathname.indexOf(prefix);
  if (at < 0) return null;
  const key = url.pathname.slice(at + prefix.length);
  if (!needsSignedLink(key)) return null;
  return {
    key,
    query: { expires: url.searchParams.get('expires') ?? undefined, signature: url.searchParams.get('signature') ?? undefined },
  };
}
