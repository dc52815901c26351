/**
 * An outgoing POST to an address that a stranger chose (a webhook receiver), guarded against
 * server-side request forgery: `https` only, every address the name resolves to must be public
 * (lib/public-address.ts), and the connection goes to the very address that was checked (a
 * `lookup` of the request's own), so that a name that resolves elsewhere a moment later (DNS
 * rebinding) reaches nothing. Redirects are never followed, the whole exchange is cut at a timeout,
 * and at most `maxReplyBytes` of the reply are read.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.ts';

/** What may be reached: off by default; tests and receivers on the premises turn them on. */
export interface OutgoingPolicy {
  allowPrivate: boolean;
  allowHttp: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a name (tests hand in their own to play a rebinding resolver). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** Why a URL may not be reached: its scheme, or an address that is not public. */
export class UrlRefused extends Error {
  override name = 'UrlRefused';
  readonly reason: 'not_https' | 'not_public';
  constructor(reason: 'not_https' | 'not_public', message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Refuses a URL whose scheme the policy does not allow (a check without the network). */
export function checkUrlScheme(url: URL, policy: OutgoingPolicy): void {
  if (url.protocol === 'https:' || (policy.allowHttp && url.protocol === 'http:')) return;
  throw new UrlRefused('not_https', `the scheme ${url.protocol} is not allowed`);
}

/** A URL's host name without the brackets of an IPv6 literal. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The address to connect to for `url`: its first resolved address, once every one of them was
 * found public (unless the policy allows private ones).
 */
export async function resolveCheckedAddress(url: URL, policy: OutgoingPolicy, resolve: Resolver): Promise<ResolvedAddress> {
  checkUrlScheme(url, policy);
  const host = hostOf(url);
  const family = isIP(host);
  const addresses: ResolvedAddress[] = family !== 0 ? [{ address: host, family: family === 6 ? 6 : 4 }] : await resolve(host);
  const first = addresses[0];
  if (!first) throw new UrlRefused('not_public', `${host} resolves to no address`);
  if (!policy.allowPrivate) {
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) throw new UrlRefused('not_public', `${host} resolves to ${refused.address}, which is not public`);
  }
  return first;
}

export interface GuardedPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxReplyBytes: number;
  policy: OutgoingPolicy;
  resolve?: Resolver;
}

/** A reply: its status code and the first bytes of its body (at most maxReplyBytes). */
export interface GuardedReply {
  statusCode: number;
  body: string;
}

/** A request that did not get a whole answer in time, or was cut. */
export class RequestFailed extends Error {
  override name = 'RequestFailed';
}

/**
 * POSTs `body` to `url`, connecting only to the address checked here. Resolves with any status
 * (a 3xx is answered, never followed); rejects on a refused URL, a network error or the timeout.
 */
export async function guardedPost(request: GuardedPost): Promise<GuardedReply> {
  const url = new URL(request.url);
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const checked = await withDeadline(resolveCheckedAddress(url, request.policy, request.resolve ?? systemResolver), deadline);
  // The connection goes to `checked` whatever the name resolves to now: no second lookup.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<GuardedReply>((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body).toString() },
        lookup,
        signal: deadline,
        agent: false,
      },
      (reply) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          resolve({ statusCode: reply.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
          reply.destroy();
        };
        reply.on('data', (chunk: Buffer) => {
          const room = request.maxReplyBytes - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          // Enough read: the rest of a huge reply is never taken in.
          if (size >= request.maxReplyBytes) finish();
        });
        reply.on('end', finish);
        reply.on('error', (error) => reject(new RequestFailed(error.message)));
        // Cut before its end (the deadline): a settled promise ignores this.
        reply.on('close', () => reject(new RequestFailed(`no whole answer within ${request.timeoutMs} ms`)));
      },
    );
    outgoing.on('error', (error) =>
      reject(new RequestFailed(deadline.aborted ? `no answer within ${request.timeoutMs} ms` : error.message)),
    );
    outgoing.end(request.body);
  });
}

async function withDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      deadline.addEventListener('abort', () => reject(new RequestFailed('no answer in time')), { once: true });
    }),
  ]);
}
