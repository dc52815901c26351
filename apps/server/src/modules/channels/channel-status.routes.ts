import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeChannels, channelStatusReplySchema, errorReplySchema } from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { listChannelStatuses } from './channel-status.service.ts';

const refusals = { 401: errorReplySchema, 403: errorReplySchema, 429: errorReplySchema };

/** The admins' view of the two-way channels under /api/v1 (DESIGN.md §24); no client's token (no scope). */
const channelStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/channels',
    {
      onRequest: [app.requires(canSeeChannels, 'channels.adminsOnly')],
      schema: {
        tags: ['channels'],
        summary: 'Inbound SMS, delivery reports and inbound e-mail: set up, connected, last taken, last day, last error (admins)',
        response: { 200: channelStatusReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await listChannelStatuses(db, actorOf(request), config.channels) }),
  );
};

export default channelStatusRoutes;
