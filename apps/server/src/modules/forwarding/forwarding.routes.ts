import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReplySchema,
  forwardTicketBodySchema,
  pageParamsSchema,
  ticketListReplySchema,
  workflowReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { forwardTicket, listForwardChainTickets, type ForwardingContext } from './forwarding.service.ts';

const refusals = {
  400: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

/** The forwarding endpoints under /api/v1: forward, the forwarded-tickets list. */
const forwardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: ForwardingContext = { db: app.deps.db };

  app.post(
    '/tickets/forward-ticket',
    {
      schema: {
        tags: ['forwarding'],
        summary:
          'Forwards a ticket to another department (staff of the holding department, or cc). ' +
          'A solved ticket may only go to cc, as the second step of Resolve & Forward to cc.',
        body: forwardTicketBodySchema,
        response: { 200: workflowReplySchema, ...refusals },
      },
      config: {
        scope: 'tickets:write',
        rateLimit: writeLimit('other'),
      },
    },
    async (request) => {
      await forwardTicket(ctx, actorOf(request), request.body, request.ip);
      return { message: request.say('forwarding.forwarded') };
    },
  );

  app.get(
    '/tickets/forward-chain-tickets/:page',
    {
      schema: {
        tags: ['forwarding'],
        summary: "A page of the tickets in the viewer's department's forward chains, most recently forwarded first",
        params: pageParamsSchema,
        response: { 200: ticketListReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => listForwardChainTickets(ctx, actorOf(request), request.params.page),
  );
};

export default forwardingRoutes;
