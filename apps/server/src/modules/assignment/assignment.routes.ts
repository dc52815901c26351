import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignTicketBodySchema,
  assignTicketReplySchema,
  errorReplySchema,
  staffQuerySchema,
  staffReplySchema,
  ticketIdParamsSchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { assignTicket, listStaff, type AssignmentContext } from './assignment.service.ts';

/** The assignment endpoint under /api/v1 (DESIGN.md §19). */
const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AssignmentContext = { db: app.deps.db };

  app.post(
    '/tickets/:id/assign',
    {
      schema: {
        tags: ['tickets'],
        summary:
          'Puts a staff member on a ticket, or nobody (user_id null): staff of the holding department take it, ' +
          'hand it to a colleague of that department or release it; cc may assign any staff member',
        params: ticketIdParamsSchema,
        body: assignTicketBodySchema,
        response: {
          200: assignTicketReplySchema,
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
      const actor = actorOf(request);
      const assignee = await assignTicket(ctx, actor, request.params.id, request.body);
      return { message: request.say(assignee ? 'assignment.assigned' : 'assignment.released'), assignee };
    },
  );

  app.get(
    '/staff',
    {
      schema: {
        tags: ['tickets'],
        summary:
          "A page of 20 live staff of a department (every department's without one), by name, matching part of a name " +
          '(staff): the colleagues a ticket can be handed to',
        querystring: staffQuerySchema,
        response: { 200: staffReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => listStaff(ctx, actorOf(request), request.query),
  );
};

export default assignmentRoutes;
