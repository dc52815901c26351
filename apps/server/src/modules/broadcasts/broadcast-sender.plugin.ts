/**
 * This process's broadcast sender (DESIGN.md §23), from ready to close. Registered by app.ts; tests
 * drive it with `app.broadcastSender.runOnce()`.
 */
import fp from 'fastify-plugin';
import { createBroadcastSender, type BroadcastSender } from './broadcast-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    broadcastSender: Pick<BroadcastSender, 'runOnce' | 'noteProgress'>;
  }
}

export default fp(
  async (app, { autoStart = true }: { autoStart?: boolean }) => {
    const { config, db, sms } = app.deps;
    const sender = createBroadcastSender({
      db,
      sms,
      log: app.log,
      ratePerSecond: config.broadcasts.ratePerSecond,
      quietHours: config.broadcasts.quietHours,
      timezone: config.timezone,
      retryMs: config.notify.retryMs,
      sendTimeoutMs: config.notify.sendTimeoutMs,
      onSent: () => app.deps.metrics.broadcastSent.inc(),
    });
    app.decorate('broadcastSender', {
      runOnce: () => sender.runOnce(),
      noteProgress: (broadcastId, incidentId) => sender.noteProgress(broadcastId, incidentId),
    });
    app.addHook('onReady', async () => {
      if (autoStart) sender.start();
    });
    app.addHook('onClose', async () => sender.stop());
  },
  { name: 'broadcast-sender', dependencies: ['deps'] },
);
