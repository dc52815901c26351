import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkActionBodySchema, bulkActionReplySchema, canActInBulk, errorReplySchema } from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { BODY_LIMITS, writeLimit } from '../../plugins/write-limits.ts';
import { actInBulk, type BulkContext } from './bulk.service.ts';

/** The bulk actions endpoint under /api/v1 (DESIGN.md §30), inside the signed-in scope: staff only. */
const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: BulkContext = {
    db: app.deps.db,
    tell: app.deps.tell,
    satisfaction: app.deps.config.satisfaction,
    log: app.log,
  };

  app.post(
    '/tickets/bulk',
    {
      // onRequest: an agent or a customer gets 403 before any body is parsed.
      onRequest: [app.requires(canActInBulk, 'bulk.staffOnly')],
      schema: {
        tags: ['tickets'],
        summary:
          'Forwards, resolves, assigns or links to an incident 1–200 tickets, each checked and changed as if acted ' +
          'on alone (its own audit row, events and issuer notice); refused tickets carry the message of the single action (staff)',
        body: bulkActionBodySchema,
        response: {
          200: bulkActionReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          429: errorReplySchema,
        },
      },
      bodyLimit: BODY_LIMITS.bulk,
      config: { rateLimit: writeLimit('bulk', 'bulk.tooOften') },
    },
    async (request) => {
      const { done, refused } = await actInBulk(ctx, actorOf(request), request.body);
      return {
        data: {
          done,
          refused: refused.map(({ ticketId, error }) => ({
            ticket_id: ticketId,
            message: request.say(error.key, error.values),
            code: error.code,
          })),
        },
      };
    },
  );
};

export default bulkRoutes;
