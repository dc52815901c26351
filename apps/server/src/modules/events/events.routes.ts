import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema, LIVE_EVENTS_PATH } from '@switchboard/shared';
import { signedInUser } from '../../plugins/auth.ts';
import { signedInLimit } from '../../plugins/write-limits.ts';
import { createEventHub } from './event-hub.ts';
import { createEventListener } from './event-listener.ts';
import { openStream, readStreamAccounts, receivePayload, type EventsContext } from './events.service.ts';

/**
 * GET /api/v1/events (DESIGN.md §15): the signed-in user's live event stream, and this process's
 * hub of open streams and its listener on the events channel, from ready to close.
 */
const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const hub = createEventHub({
    streamsMax: config.events.streamsMax,
    heartbeatMs: config.events.heartbeatMs,
    readAccounts: (ids) => readStreamAccounts(db, ids),
    onError: (error) => app.log.warn({ err: error }, 'live updates: could not check the accounts of open streams'),
  });
  const ctx: EventsContext = { hub, listening: false };
  const listener = createEventListener({
    db,
    log: app.log,
    onPayload: (payload) => receivePayload(ctx, payload),
    onListening: () => {
      ctx.listening = true;
    },
    // Events may be missed until the listener is back: the clients reconnect and refetch.
    onLost: () => {
      ctx.listening = false;
      hub.closeAll();
    },
  });
  app.addHook('onReady', async () => listener.start());
  // Open streams would keep the server from closing: they end before it does.
  app.addHook('preClose', async () => hub.stop());
  app.addHook('onClose', async () => listener.stop());

  app.get(
    LIVE_EVENTS_PATH,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['events'],
        summary: 'Server-Sent Events of the tickets and incidents the viewer may see: ids only, a heartbeat comment every 25 s',
        security: [{ bearer: [] }],
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
      const user = signedInUser(request);
      const token = request.headers.authorization?.slice('Bearer '.length).trim() ?? '';
      const claims = decodeJwt(token);
      // The stream is written on the raw response: it carries the reply's headers (security's) too.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      openStream(
        ctx,
        {
          id: user.id,
          user_type: user.user_type,
          tokenVersion: Number(claims.ver),
          expiresAt: (claims.exp ?? 0) * 1000,
        },
        reply.raw,
      );
      reply.hijack();
    },
  );
};

export default eventsRoutes;
