/**
 * Per-user limits on every write of a signed-in user (the route's `config.rateLimit`), counted per
 * route and per account, so that a single account cannot flood the desk (one customer once posted
 * 1,500 long comments in 3.6 s). The limiter runs in preParsing: by then onRequest has named the
 * user, and the body is not read yet, so a request that is refused later (a body over its limit,
 * bad JSON, U+0000, the schemas) costs the same turn as one that is stored: refused requests cost
 * the event loop too (wide bodies once slowed a colleague's list from 5 ms to 655 ms). All the
 * numbers live here, the body limits of the routes as well.
 *
 * Here too, once, what every limit does while its shared counter (Redis, plugins/rate-limit-store.ts)
 * does not answer: signedInLimit, anonymousLimit and storageLimit.
 */
import type { FastifyRequest } from 'fastify';
import type { CreateRateLimitOptions, RateLimitOptions } from '@fastify/rate-limit';
import { AppError, isStaff, type ServerMessageKey } from '@switchboard/shared';

export type WriteKind =
  | 'ticket'
  | 'comment'
  | 'upload'
  | 'report'
  | 'signInLock'
  | 'incident'
  | 'bulk'
  | 'alarm'
  | 'broadcast'
  | 'smsCallback'
  | 'presence'
  | 'erasure'
  | 'other';

/**
 * Writes per minute and route. Staff work the queue all day (forwarding, resolving, answering
 * dozens of tickets in a row), so theirs are generous; a customer or an agent writes a few tickets
 * and comments an hour, so theirs sit well above honest typing and far below a script.
 */
export const WRITES_PER_MINUTE: Record<WriteKind, { staff: number; others: number }> = {
  // A customer rarely reports more than one problem at a time.
  ticket: { staff: 120, others: 10 },
  // A conversation: a reply every few seconds is already fast typing.
  comment: { staff: 120, others: 20 },
  // Up to 10 images per ticket or comment, each its own upload grant.
  upload: { staff: 120, others: 30 },
  // A report reads a whole period; a person needs a handful a minute.
  report: { staff: 30, others: 30 },
  // Lifting locks is rare work; a runaway script of one admin should not wipe every number's record.
  signInLock: { staff: 30, others: 30 },
  // Grouping, linking and resolving incidents: each request may touch hundreds of tickets.
  incident: { staff: 60, others: 20 },
  // Bulk actions (DESIGN.md §30): each request changes up to 200 tickets, one by one. A limit of its
  // own, counted per request: one write per ticket would let no request of 200 through the
  // 'other' limit, and bulk work must not use up a person's budget for single forwards and
  // resolves. Choosing, confirming and reading a summary takes longer than 10 s, so 6 a minute
  // (at most 1,200 ticket changes) is above any person and well below a script.
  bulk: { staff: 6, others: 2 },
  // Alarm deliveries (DESIGN.md §22): only API clients post them, and a monitoring system in an
  // outage sends a delivery every few seconds per group of alarms. As much as a client's whole
  // budget (CLIENT_REQUESTS_PER_MINUTE): the flood of distinct alarms is bounded by their count.
  alarm: { staff: 600, others: 600 },
  // Outage broadcasts (DESIGN.md §23): each may text a hundred thousand numbers, and an incident has
  // a few in its life; a person confirms one after reading the count, so 10 a minute is plenty.
  broadcast: { staff: 10, others: 10 },
  // The SMS gateway's callbacks (DESIGN.md §24): only API clients with channels:inbound make them, at
  // up to 100 inbound messages a second and a delivery report for every message sent, so the
  // client's whole budget (CLIENT_CALLBACKS_PER_MINUTE); a number's own flood is held back by its
  // hourly limit (SMS_INBOUND_PER_NUMBER_PER_HOUR).
  smsCallback: { staff: 24_000, others: 24_000 },
  // Where one is on a ticket (DESIGN.md §27): a heartbeat every 20 s from a few tabs and a state
  // change now and then; the route is staff's only, and a change publishes an event, so a script
  // is held to one every 2 s.
  presence: { staff: 30, others: 30 },
  // Erasing a number's personal data (DESIGN.md §29): an admin types each number twice and reads
  // the counts; 5 a minute is above any person and keeps a runaway script from sweeping the desk.
  erasure: { staff: 5, others: 5 },
  // Everything else (forwarding, resolving, administration): staff's daily work.
  other: { staff: 120, others: 20 },
};

export type ReadKind = 'search' | 'dashboard';

/**
 * Expensive reads per minute and account: a text search reads trigram indexes and sorts its
 * matches, the dashboard aggregates up to 90 days. Searching as one types (after 700 ms of quiet)
 * and paging through the matches stays well within; a script on a dozen connections does not.
 */
export const READS_PER_MINUTE: Record<ReadKind, { staff: number; others: number }> = {
  search: { staff: 60, others: 30 },
  // The dashboard refreshes itself once a minute; a person changes its period a few times.
  dashboard: { staff: 20, others: 20 },
};

/** The counter of a write: the signed-in account (onRequest set it), never the address. */
export function userKey(request: FastifyRequest): string {
  return request.actor ? `user:${request.actor.id}` : `address:${request.ip}`;
}

/**
 * A limit on a signed-in user's requests, counted per account. While Redis does not answer the
 * request goes on uncounted: the account is known and its writes are audited, and a Redis outage
 * must not stop the desk.
 */
export function signedInLimit(options: RateLimitOptions): RateLimitOptions {
  return { hook: 'preParsing', keyGenerator: userKey, ...options, skipOnError: true };
}

/**
 * A limit on callers without an account (sign-in, the public form, the bot check), counted per
 * address. While Redis does not answer the request is refused with a 503: these limits are the
 * only brake on a script that sends codes or fills the form, and an open door is worse than a
 * closed one for a few minutes.
 */
export function anonymousLimit(options: RateLimitOptions): RateLimitOptions {
  return { ...options, skipOnError: false };
}

/**
 * Requests of the object store at /storage, anonymous because a signed form or an `<img>` sends no
 * token, yet mostly the desk's own uploads and galleries. They go on while Redis does not answer:
 * an upload needs a grant that a counted limit issued, a read changes nothing and its key cannot
 * be guessed, so an outage should not stop attachments.
 */
export function storageLimit(options: RateLimitOptions): RateLimitOptions {
  return { ...options, skipOnError: true };
}

/**
 * Ratings and their comments by e-mailed link (DESIGN.md §25) per address and hour, each route its
 * own count: a household or an office behind one NAT rates a few tickets a day; a script that
 * guesses tokens is stopped long before it could matter (the tokens are signed).
 */
export const PUBLIC_RATINGS_PER_IP_PER_HOUR = 60;

/** `config: { rateLimit: writeLimit('comment') }` on a signed-in write route. A fresh object per route. */
export function writeLimit(kind: WriteKind, message: ServerMessageKey = 'common.tooOften'): RateLimitOptions {
  const limits = WRITES_PER_MINUTE[kind];
  return signedInLimit({
    timeWindow: '1 minute',
    max: (request) =>
      (request.actor && isStaff(request.actor) ? limits.staff : limits.others) * request.server.deps.config.writeLimitScale,
    errorResponseBuilder: () => new AppError('rate_limited', message),
  });
}

/**
 * `config: { rateLimit: readLimit('search', …) }` on an expensive read (READS_PER_MINUTE), counted
 * per account like a write. `counts` tells the requests of the route that are expensive (a list
 * with a search text); the others pass uncounted.
 */
export function readLimit(
  kind: ReadKind,
  message: ServerMessageKey = 'common.tooOften',
  counts?: (request: FastifyRequest) => boolean,
): RateLimitOptions {
  const limits = READS_PER_MINUTE[kind];
  return signedInLimit({
    timeWindow: '1 minute',
    max: (request) =>
      (request.actor && isStaff(request.actor) ? limits.staff : limits.others) * request.server.deps.config.writeLimitScale,
    errorResponseBuilder: () => new AppError('rate_limited', message),
    ...(counts ? { allowList: (request: FastifyRequest) => !counts(request) } : {}),
  });
}

/**
 * The largest body a route reads (Fastify's `bodyLimit`), in bytes; a larger one is refused with
 * 413 before it is parsed. Each fits the largest body its schema lets through, counted with every
 * optional field present, every list full and every character of free text at three bytes (Bangla
 * in UTF-8); test/security/route-conventions.test.ts measures every route against its schema.
 */
export const BODY_LIMITS = {
  /** Every JSON route that names no other: the largest such body (a comment, a canned reply) is under 60 kB. */
  json: 64 * 1024,
  /** Sign-in: a number, a code and a bot-check solution (at most 10,000 characters). */
  signIn: 16 * 1024,
  /** A ticket: a title of 1,000 and a description of 20,000 characters, ten attachment links. */
  ticket: 128 * 1024,
  /** A bulk action: 200 ticket ids and a forward's cause of 2,000 characters come to about 11 kB. */
  bulk: 16 * 1024,
  /** A group or its subgroups: up to 100 subgroups with two names of 200 characters each. */
  group: 128 * 1024,
} as const;

/**
 * Requests per minute of one API client over all its routes (DESIGN.md §21), counted in the shared
 * store: a script's steady work fits (ten a second), a runaway loop or a leaked token does not.
 * Writes also count against the route's own limit, as a person's do.
 */
export const CLIENT_REQUESTS_PER_MINUTE = 600;

/**
 * The budget of a client on the SMS gateway's callback routes (their `config.clientBudget`): 100
 * inbound messages and 100 delivery reports a second with room to spare, far above a script's
 * ten a second, because a gateway's traffic is the customers', not the client's.
 */
export const CLIENT_CALLBACKS_PER_MINUTE = 24_000;

/** The options of the per-client budget (plugins/signed-in.ts counts it with createRateLimit). */
export function clientRequestLimit(): CreateRateLimitOptions {
  return {
    timeWindow: '1 minute',
    keyGenerator: (request) => `client:${request.actor?.client?.id ?? request.ip}`,
    max: (request) =>
      (request.routeOptions.config.clientBudget ?? CLIENT_REQUESTS_PER_MINUTE) * request.server.deps.config.writeLimitScale,
    // Like every signed-in limit: while the shared counter does not answer, the client goes on.
    skipOnError: true,
  };
}
