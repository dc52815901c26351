import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiClientCreatedReplySchema,
  apiClientCreateSchema,
  apiClientListQuerySchema,
  apiClientListReplySchema,
  apiClientParamsSchema,
  apiClientReplySchema,
  canManageIntegrations,
  errorReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { createApiClient, listApiClients, revokeApiClient } from './api-clients.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

/** The API clients under /api/v1 (DESIGN.md §21): admins only, and no client's token (no scope). */
const apiClientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const adminsOnly = { onRequest: [app.requires(canManageIntegrations, 'integrations.forbidden')] };
  const tags = ['integrations'];

  app.get(
    '/api-clients',
    {
      ...adminsOnly,
      schema: {
        tags,
        summary: 'A page of the API clients, newest first, revoked ones too, 20 per page (admins)',
        querystring: apiClientListQuerySchema,
        response: { 200: apiClientListReplySchema, ...refusals },
      },
    },
    async (request) => listApiClients(db, actorOf(request), request.query.page),
  );

  app.post(
    '/api-clients',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Creates an API client and its token, shown in this reply only (admins; audited)',
        body: apiClientCreateSchema,
        response: { 201: apiClientCreatedReplySchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await createApiClient(db, actorOf(request), request.body)),
  );

  app.delete(
    '/api-clients/:id',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Revokes an API client: its token is refused from the next request on, in every process (admins; audited)',
        params: apiClientParamsSchema,
        response: { 200: apiClientReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await revokeApiClient(db, actorOf(request), request.params.id) }),
  );
};

export default apiClientsRoutes;
