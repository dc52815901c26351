import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReplySchema,
  setTicketTagsBodySchema,
  tagSuggestionsQuerySchema,
  tagSuggestionsReplySchema,
  ticketIdParamsSchema,
  ticketTagsReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { setTicketTags, suggestTagsFor, type TagsContext } from './tags.service.ts';

/** Staff's tags under /api/v1 (DESIGN.md §27): a ticket's set, and the tags in use as suggestions. */
const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: TagsContext = { db: app.deps.db };

  app.put(
    '/tickets/:id/tags',
    {
      schema: {
        tags: ['tickets'],
        summary:
          "Replaces the ticket's tags (staff only): at most 10, each 1–30 characters, stored trimmed and in lower case. " +
          'Replies with the tags in alphabetical order',
        params: ticketIdParamsSchema,
        body: setTicketTagsBodySchema,
        response: {
          200: ticketTagsReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          429: errorReplySchema,
        },
      },
      config: { rateLimit: writeLimit('other') },
    },
    async (request) => {
      const data = await setTicketTags(ctx, actorOf(request), request.params.id, request.body);
      return { message: request.say('tags.saved'), data };
    },
  );

  app.get(
    '/tags',
    {
      schema: {
        tags: ['tickets'],
        summary:
          'The tags in use that begin with q (all when absent), most used first, at most 20, with their tickets (staff only)',
        querystring: tagSuggestionsQuerySchema,
        response: { 200: tagSuggestionsReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => suggestTagsFor(ctx, actorOf(request), request.query),
  );
};

export default tagsRoutes;
