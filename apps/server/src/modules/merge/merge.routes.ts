import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReplySchema,
  mergeCandidatesQuerySchema,
  mergeCandidatesReplySchema,
  mergeTicketBodySchema,
  mergeTicketReplySchema,
  ticketIdParamsSchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { readLimit, writeLimit } from '../../plugins/write-limits.ts';
import { findMergeCandidates, mergeTicket, type MergeContext } from './merge.service.ts';

/** Merging one customer's duplicate tickets (DESIGN.md §27), under /api/v1. */
const mergeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: MergeContext = { db: app.deps.db, tell: app.deps.tell };

  app.post(
    '/tickets/:id/merge',
    {
      schema: {
        tags: ['tickets'],
        summary:
          'Merges the ticket into another unsolved ticket of the same issuer or number: its conversation moves there, it is closed with merged_into, and its issuer is told once (staff who may act on both)',
        params: ticketIdParamsSchema,
        body: mergeTicketBodySchema,
        response: {
          200: mergeTicketReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          429: errorReplySchema,
        },
      },
      config: { rateLimit: writeLimit('other') },
    },
    async (request) => {
      const id = request.params.id;
      const into = await mergeTicket(ctx, actorOf(request), id, request.body);
      return { message: request.say('merge.merged', { id, into }), data: { ticket_id: id, merged_into: into } };
    },
  );

  app.get(
    '/tickets/:id/merge-candidates',
    {
      schema: {
        tags: ['tickets'],
        summary:
          'The unsolved tickets of the same issuer or number that the ticket may be merged into, newest first, narrowed by `q` (a ticket id or words of the title); staff only',
        params: ticketIdParamsSchema,
        querystring: mergeCandidatesQuerySchema,
        response: {
          200: mergeCandidatesReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          429: errorReplySchema,
        },
      },
      config: { rateLimit: readLimit('search') },
    },
    async (request) => ({ data: await findMergeCandidates(ctx, actorOf(request), request.params.id, request.query) }),
  );
};

export default mergeRoutes;
