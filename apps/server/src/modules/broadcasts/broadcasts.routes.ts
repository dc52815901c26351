import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  broadcastCreateSchema,
  broadcastListReplySchema,
  broadcastParamsSchema,
  broadcastPreviewQuerySchema,
  broadcastPreviewReplySchema,
  broadcastReplySchema,
  canBroadcast,
  errorReplySchema,
  incidentIdParamsSchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import {
  cancelBroadcast,
  createBroadcast,
  listBroadcasts,
  previewBroadcast,
  type BroadcastsContext,
} from './broadcasts.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

const tags = ['broadcasts'];

/** An incident's outage broadcasts under /api/v1 (DESIGN.md §23), inside the signed-in scope: staff only. */
const broadcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const ctx: BroadcastsContext = { db, broadcasts: config.broadcasts, timezone: config.timezone };
  // onRequest: an agent or a customer gets 403 before any body is parsed.
  const staffOnly = { onRequest: [app.requires(canBroadcast, 'broadcasts.staffOnly')] };

  app.get(
    '/incidents/:id/broadcasts/preview',
    {
      ...staffOnly,
      schema: {
        tags,
        summary:
          'What a broadcast of this kind would do now: recipients, seconds at the rate, and when quiet hours let it start (staff)',
        params: incidentIdParamsSchema,
        querystring: broadcastPreviewQuerySchema,
        response: { 200: broadcastPreviewReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await previewBroadcast(ctx, actorOf(request), request.params.id, request.query.kind) }),
  );

  app.get(
    '/incidents/:id/broadcasts',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: "The incident's broadcasts with their progress, newest first (staff)",
        params: incidentIdParamsSchema,
        response: { 200: broadcastListReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await listBroadcasts(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/incidents/:id/broadcasts',
    {
      ...staffOnly,
      config: { rateLimit: writeLimit('broadcast') },
      schema: {
        tags,
        summary:
          "Texts every active, not opted-out subscriber of the incident's areas not yet told this kind, in their language; " +
          'sent at SMS_RATE_PER_SECOND (staff; audited)',
        params: incidentIdParamsSchema,
        body: broadcastCreateSchema,
        response: { 201: broadcastReplySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const data = await createBroadcast(ctx, actorOf(request), request.params.id, request.body);
      return reply.code(201).send({ message: request.say('broadcasts.started', { count: data.recipients }), data });
    },
  );

  app.post(
    '/incidents/:id/broadcasts/:broadcast_id/cancel',
    {
      ...staffOnly,
      config: { rateLimit: writeLimit('broadcast') },
      schema: {
        tags,
        summary: 'Cancels a sending broadcast: its waiting messages never go (staff; audited)',
        params: broadcastParamsSchema,
        response: { 200: broadcastReplySchema, ...refusals },
      },
    },
    async (request) => ({
      message: request.say('broadcasts.cancelled'),
      data: await cancelBroadcast(ctx, actorOf(request), request.params.id, request.params.broadcast_id),
    }),
  );
};

export default broadcastsRoutes;
