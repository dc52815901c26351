/** Limits of the help articles' endpoints (DESIGN.md §28). */
import type { FastifyRequest } from 'fastify';
import { AppError, isStaff, type ServerMessageKey } from '@switchboard/shared';
import { anonymousLimit, userKey } from '../../plugins/write-limits.ts';

/**
 * A write's body: a slug, two titles of 150 and two bodies of 20,000 characters, each character
 * at up to three bytes in UTF-8 (Bangla), comes to about 122 kB. A 2 MB paste is refused (413)
 * before it is read.
 */
export const ARTICLE_BODY_LIMIT = 160 * 1024;
/** A preview: one body of 20,000 characters at three bytes each. */
export const ARTICLE_PREVIEW_BODY_LIMIT = 64 * 1024;

/**
 * Reads without a login, per address and minute: the help pages and the suggestions as one types
 * (after a pause) are a few a minute; a script reading the whole base is not. Staff count per
 * account, with room for the editor's list.
 */
export const ARTICLE_READS_PER_MINUTE = 120;
/** Reports avoided, per address and hour: a person leaves the form a few times a day. */
export const ARTICLE_HELPS_PER_HOUR = 20;

export function articleReadLimit() {
  return anonymousLimit({
    hook: 'preParsing',
    keyGenerator: userKey,
    timeWindow: '1 minute',
    max: (request: FastifyRequest) =>
      request.actor && isStaff(request.actor) ? ARTICLE_READS_PER_MINUTE * 5 : ARTICLE_READS_PER_MINUTE,
    errorResponseBuilder: () => new AppError('rate_limited', 'articles.tooManyReads'),
  });
}

export function articleHelpLimit(message: ServerMessageKey = 'articles.tooManyReads') {
  return anonymousLimit({
    timeWindow: '1 hour',
    max: ARTICLE_HELPS_PER_HOUR,
    errorResponseBuilder: () => new AppError('rate_limited', message),
  });
}
