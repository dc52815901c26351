/**
 * This process's live events (DESIGN.md §15): the hub of open streams and the listener on the
 * events channel, from ready to close. Registered by app.ts; the events route reads `app.liveEvents`.
 */
import fp from 'fastify-plugin';
import { createEventHub } from './event-hub.ts';
import { createEventListener } from './event-listener.ts';
import { readStreamAccounts, receivePayload, type EventsContext } from './events.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    liveEvents: EventsContext;
  }
}

export default fp(
  async (app) => {
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
    app.decorate('liveEvents', ctx);
    app.addHook('onReady', async () => listener.start());
    // Open streams would keep the server from closing: they end before it does.
    app.addHook('preClose', async () => hub.stop());
    app.addHook('onClose', async () => listener.stop());
  },
  { name: 'live-events', dependencies: ['deps'] },
);
