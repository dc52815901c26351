import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReplySchema,
  issueTicketBodySchema,
  issueTicketReplySchema,
  numberHistoryParamsSchema,
  numberHistoryQuerySchema,
  numberHistoryReplySchema,
  pageParamsSchema,
  resolveTicketBodySchema,
  ticketByIdReplySchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListReplySchema,
  workflowReplySchema,
} from '@switchboard/shared';
import { requestLanguage } from '../../lib/request-language.ts';
import { actorOf } from '../../plugins/auth.ts';
import { expensiveRead, type ReadRefusals } from '../../lib/expensive-reads.ts';
import { BODY_LIMITS, readLimit, writeLimit } from '../../plugins/write-limits.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import { getNumberHistory } from './number-history.service.ts';
import { listTicketsForViewer } from './ticket-list.service.ts';
import { resolveTicket } from './ticket-workflow.ts';
import {
  getTicketForViewer,
  issueTicket,
  presentNewTicket,
  viewerOfIssuer,
  type AlarmIncidentLinker,
  type TicketsContext,
} from './tickets.service.ts';

/** What a text search answers when the process runs too many or its statement runs too long. */
const SEARCH_REFUSALS: ReadRefusals = { busy: 'tickets.searchBusy', tooSlow: 'tickets.searchTooSlow' };

export interface TicketsRoutesOptions {
  /** A new ticket joins the active incident an alarm opened for its subgroup (the incidents module's). */
  alarmIncidents: AlarmIncidentLinker;
}

/** The tickets endpoints under /api/v1. */
const ticketsRoutes: FastifyPluginAsyncZod<TicketsRoutesOptions> = async (app, { alarmIncidents }) => {
  const { config, db, reads } = app.deps;
  const ctx: TicketsContext = { db, storage: storageDriverFor(config), timezone: config.timezone, log: app.log };

  app.post(
    '/tickets/issue-ticket',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Issues a ticket to cc (customers always issue as customer)',
        body: issueTicketBodySchema,
        response: { 201: issueTicketReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
      bodyLimit: BODY_LIMITS.ticket,
      config: {
        scope: 'tickets:write',
        rateLimit: writeLimit('ticket'),
      },
    },
    async (request, reply) => {
      const issuer = { kind: 'user' as const, user: actorOf(request), ip: request.ip, language: requestLanguage(request) };
      const ticket = await issueTicket({ ...ctx, alarmIncidents }, issuer, request.body);
      const data = presentNewTicket(ctx, viewerOfIssuer(issuer), ticket);
      return reply.code(201).send({ message: request.say('tickets.issued'), data });
    },
  );

  app.get(
    '/tickets/user-type-wise-tickets/:page',
    {
      schema: {
        tags: ['tickets'],
        summary: 'A page of the tickets the viewer may see, 10 per page, newest first',
        params: pageParamsSchema,
        querystring: ticketListQuerySchema,
        response: { 200: ticketListReplySchema, 400: errorReplySchema, 429: errorReplySchema, 503: errorReplySchema },
      },
      // A search text makes the list an expensive read: counted per account, run in its share of the pool.
      config: {
        scope: 'tickets:read',
        rateLimit: readLimit('search', 'tickets.searchTooOften', (request) => Boolean((request.query as { q?: string }).q)),
      },
    },
    async (request) => {
      const viewer = actorOf(request);
      const { page } = request.params;
      if (!request.query.q) return listTicketsForViewer(ctx, viewer, page, request.query);
      return expensiveRead(reads, config.expensiveReads, SEARCH_REFUSALS, (readsDb) =>
        listTicketsForViewer({ ...ctx, db: readsDb }, viewer, page, request.query),
      );
    },
  );

  app.get(
    '/tickets/get-ticket-by-id/:id',
    {
      config: { scope: 'tickets:read' },
      schema: {
        tags: ['tickets'],
        summary: 'One ticket with its comments and forward history, as the viewer may see it',
        params: ticketIdParamsSchema,
        response: { 200: ticketByIdReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => ({ data: [await getTicketForViewer(ctx, actorOf(request), request.params.id)] }),
  );

  app.get(
    '/tickets/number-history/:number',
    {
      config: { scope: 'tickets:read' },
      schema: {
        tags: ['tickets'],
        summary: "A problematic number's tickets and timeline, as the viewer may see them",
        params: numberHistoryParamsSchema,
        querystring: numberHistoryQuerySchema,
        response: { 200: numberHistoryReplySchema, 400: errorReplySchema },
      },
    },
    async (request) => ({
      data: await getNumberHistory(ctx, actorOf(request), request.params.number, request.query.except_ticket_id),
    }),
  );

  app.post(
    '/tickets/resolve-ticket',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Resolves (closes) a ticket (staff of the holding department, or cc)',
        body: resolveTicketBodySchema,
        response: {
          200: workflowReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          429: errorReplySchema,
        },
      },
      config: {
        scope: 'tickets:write',
        rateLimit: writeLimit('other'),
      },
    },
    async (request) => {
      await resolveTicket(
        { db, tell: app.deps.tell, satisfaction: config.satisfaction },
        actorOf(request),
        request.body.ticket_id,
        request.ip,
      );
      return { message: request.say('tickets.resolved') };
    },
  );
};

export default ticketsRoutes;
