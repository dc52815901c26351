import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppError,
  errorReplySchema,
  issueTicketReplySchema,
  publicPresignBodySchema,
  presignReplySchema,
  publicIssueTicketBodySchema,
  type ServerMessageKey,
} from '@switchboard/shared';
import { requestLanguage } from '../../lib/request-language.ts';
import { anonymousLimit } from '../../plugins/write-limits.ts';
import { alarmIncidentLinker } from '../incidents/alarm-incident-links.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import { PUBLIC_PRESIGN_BODY_LIMIT, PUBLIC_TICKET_BODY_LIMIT } from './public-limits.ts';
import { presignPublicUpload, submitPublicTicket, type PublicTicketsContext } from './public-tickets.service.ts';

/** Per-address limits answer with a sentence a person understands, like every other refusal. */
function perAddressLimit(max: number, message: ServerMessageKey) {
  return anonymousLimit({ max, timeWindow: '1 hour', errorResponseBuilder: () => new AppError('rate_limited', message) });
}

/** The public ticket form's endpoints under /api/v1: no bearer token, a bot check, abuse limits. */
const publicTicketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const limits = app.deps.config.publicLimits;
  const ctx: PublicTicketsContext = {
    db,
    storage: storageDriverFor(config),
    timezone: config.timezone,
    log: app.log,
    captcha: config,
    limits,
    mail: app.deps.tell,
    alarmIncidents: alarmIncidentLinker,
  };

  app.post(
    '/tickets/issue-ticket/public',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Issues a ticket from the public form (no login; a solved bot check; the client e-mail)',
        body: publicIssueTicketBodySchema,
        response: { 201: issueTicketReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
      bodyLimit: PUBLIC_TICKET_BODY_LIMIT,
      config: { rateLimit: perAddressLimit(limits.ticketsPerIpPerHour, 'public-tickets.tooManyTickets') },
    },
    async (request, reply) => {
      const sender = { ip: request.ip, language: requestLanguage(request) };
      const data = await submitPublicTicket(ctx, request.body, sender);
      return reply.code(201).send({ message: request.say('public-tickets.submitted'), data });
    },
  );

  app.post(
    '/tickets/get-presigned-post/public',
    {
      schema: {
        tags: ['storage'],
        summary: 'Grants one image upload to the public form (JPEG, PNG, GIF or WebP, at most 10 MB; a solved bot check)',
        body: publicPresignBodySchema,
        response: { 200: presignReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
      bodyLimit: PUBLIC_PRESIGN_BODY_LIMIT,
      config: { rateLimit: perAddressLimit(limits.uploadsPerIpPerHour, 'public-tickets.tooManyUploads') },
    },
    async (request) => presignPublicUpload(ctx, request.body),
  );
};

export default publicTicketsRoutes;
