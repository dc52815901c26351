import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema, ticketIdParamsSchema, ticketLinkBodySchema, ticketLinksReplySchema } from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { linkTickets, unlinkTickets, type LinksContext } from './links.service.ts';

const replies = {
  200: ticketLinksReplySchema,
  400: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

/** Links between related tickets under /api/v1 (DESIGN.md §27): staff only. */
const linksRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: LinksContext = { db: app.deps.db };

  app.post(
    '/tickets/:id/links',
    {
      schema: {
        tags: ['tickets'],
        summary:
          'Links the ticket to another one (staff only); a link has no direction and linking twice is one link. ' +
          `Replies with the ticket's links, newest first`,
        params: ticketIdParamsSchema,
        body: ticketLinkBodySchema,
        response: replies,
      },
      config: { rateLimit: writeLimit('other') },
    },
    async (request) => {
      const data = await linkTickets(ctx, actorOf(request), request.params.id, request.body.ticket_id);
      return { message: request.say('links.linked', { id: request.body.ticket_id }), data };
    },
  );

  app.delete(
    '/tickets/:id/links',
    {
      schema: {
        tags: ['tickets'],
        summary: "Removes the link between the ticket and another one (staff only). Replies with the ticket's links",
        params: ticketIdParamsSchema,
        body: ticketLinkBodySchema,
        response: replies,
      },
      config: { rateLimit: writeLimit('other') },
    },
    async (request) => {
      const data = await unlinkTickets(ctx, actorOf(request), request.params.id, request.body.ticket_id);
      return { message: request.say('links.unlinked', { id: request.body.ticket_id }), data };
    },
  );
};

export default linksRoutes;
