import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema, LIVE_EVENTS_PATH } from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { signedInLimit } from '../../plugins/write-limits.ts';
import { openStream } from './events.service.ts';

/**
 * GET /api/v1/events (DESIGN.md §15): the signed-in user's live event stream, held by this
 * process's live events (live-events.plugin.ts, registered by app.ts).
 */
const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    LIVE_EVENTS_PATH,
    {
      schema: {
        tags: ['events'],
        summary: 'Server-Sent Events of the tickets and incidents the viewer may see: ids only, a heartbeat comment every 25 s',
        response: {
          200: {
            description: 'The stream: `: ready`, then `event: <name>` and `data: <json>` frames and `: heartbeat` comments',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          401: errorReplySchema,
          429: errorReplySchema,
          503: errorReplySchema,
        },
      },
      // Reconnects with backoff stay far below this; a loop does not get to cost a query each time.
      config: { rateLimit: signedInLimit({ max: 60, timeWindow: '1 minute' }) },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // The stream is written on the raw response: it carries the reply's headers (security's) too.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      const { tokenVersion, expiresAt } = actor.session;
      openStream(app.liveEvents, { id: actor.id, user_type: actor.user_type, tokenVersion, expiresAt }, reply.raw);
      reply.hijack();
    },
  );
};

export default eventsRoutes;
