import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppError,
  errorReplySchema,
  rateBodySchema,
  rateCommentBodySchema,
  rateCommentReplySchema,
  rateReplySchema,
} from '@switchboard/shared';
import { anonymousLimit, PUBLIC_RATINGS_PER_IP_PER_HOUR } from '../../plugins/write-limits.ts';
import { commentByLink, rateByLink, type RatingContext } from './satisfaction.service.ts';

/** A limit per address, counted per route, answered with a sentence like every other refusal. */
function perAddressLimit() {
  return anonymousLimit({
    max: PUBLIC_RATINGS_PER_IP_PER_HOUR,
    timeWindow: '1 hour',
    errorResponseBuilder: () => new AppError('rate_limited', 'satisfaction.tooManyRatings'),
  });
}

const refusals = {
  400: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  410: errorReplySchema,
  429: errorReplySchema,
};

/**
 * The rating page's endpoints under /api/v1 (DESIGN.md §25): no sign-in and no cookie, the signed
 * token of the e-mailed link is the whole right; a limit per address.
 */
const satisfactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: RatingContext = { db: app.deps.db, linkSecret: app.deps.config.satisfaction.linkSecret };

  app.post(
    '/public/ratings',
    {
      schema: {
        tags: ['satisfaction'],
        summary: "Rates a ticket from the satisfaction e-mail's link (no login; the link's signed token, once)",
        body: rateBodySchema,
        response: { 200: rateReplySchema, ...refusals },
      },
      config: { rateLimit: perAddressLimit() },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const data = await rateByLink(ctx, request.body, request.ip);
      return { message: request.say('satisfaction.rated'), data };
    },
  );

  app.post(
    '/public/ratings/comment',
    {
      schema: {
        tags: ['satisfaction'],
        summary: 'Adds a comment to the rating just given by the same link (no login; once, within the hour)',
        body: rateCommentBodySchema,
        response: { 200: rateCommentReplySchema, ...refusals },
      },
      config: { rateLimit: perAddressLimit() },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const data = await commentByLink(ctx, request.body);
      return { message: request.say('satisfaction.commented'), data };
    },
  );
};

export default satisfactionRoutes;
