import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canUsePresence,
  errorReplySchema,
  presenceBodySchema,
  presenceReplySchema,
  ticketIdParamsSchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { othersOnTicket, sayPresence, type PresenceContext } from './presence.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  429: errorReplySchema,
};

/** Who else is on a ticket, under /api/v1 (DESIGN.md §27): staff only. */
const presenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: PresenceContext = { db: app.deps.db };
  // onRequest: a stranger gets 401 and an agent or a customer 403 before any body is parsed.
  const staffOnly = { onRequest: [app.requires(canUsePresence, 'presence.staffOnly')] };
  const tags = ['tickets'];

  app.post(
    '/tickets/:id/presence',
    {
      ...staffOnly,
      config: { rateLimit: writeLimit('presence') },
      schema: {
        tags,
        summary:
          'Says where the caller is on the ticket (viewing, replying, gone) and lists the others there now; every 20 s while the ticket is open, a view not heard of for 45 s is gone (staff only)',
        params: ticketIdParamsSchema,
        body: presenceBodySchema,
        response: { 200: presenceReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await sayPresence(ctx, actorOf(request), request.params.id, request.body.state) }),
  );

  app.get(
    '/tickets/:id/presence',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'The others on the ticket now, replying ones first, then by name (staff only)',
        params: ticketIdParamsSchema,
        response: { 200: presenceReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await othersOnTicket(ctx, actorOf(request), request.params.id) }),
  );
};

export default presenceRoutes;
