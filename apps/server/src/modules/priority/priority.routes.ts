import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema, setPriorityBodySchema, setPriorityReplySchema, ticketIdParamsSchema } from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { setTicketPriority, type PriorityContext } from './priority.service.ts';

/** The priority endpoint under /api/v1 (DESIGN.md §30). */
const priorityRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PriorityContext = { db: app.deps.db };

  app.post(
    '/tickets/:id/priority',
    {
      schema: {
        tags: ['tickets'],
        summary:
          "Sets a ticket's priority (low, normal, high, urgent): staff of the holding department, or cc, while the " +
          'ticket is unsolved; agents and customers never see it',
        params: ticketIdParamsSchema,
        body: setPriorityBodySchema,
        response: {
          200: setPriorityReplySchema,
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
      const priority = await setTicketPriority(ctx, actorOf(request), request.params.id, request.body);
      return { message: request.say('priority.set', { priority }), priority };
    },
  );
};

export default priorityRoutes;
