/**
 * This process's satisfaction worker (DESIGN.md §25), from ready to close. Registered by app.ts;
 * tests drive it with `app.satisfactionAsker.runOnce()`.
 */
import fp from 'fastify-plugin';
import { createSatisfactionAsker, type SatisfactionAsker } from './satisfaction-asker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    satisfactionAsker: Pick<SatisfactionAsker, 'runOnce'>;
  }
}

export default fp(
  async (app, { autoStart = true }: { autoStart?: boolean }) => {
    const { config, db, tell } = app.deps;
    const asker = createSatisfactionAsker({
      db,
      settings: tell,
      satisfaction: config.satisfaction,
      quietHours: config.broadcasts.quietHours,
      timezone: config.timezone,
      outbox: tell.outbox,
      log: app.log,
    });
    app.decorate('satisfactionAsker', { runOnce: () => asker.runOnce() });
    app.addHook('onReady', async () => {
      if (autoStart) asker.start();
    });
    app.addHook('onClose', async () => asker.stop());
  },
  { name: 'satisfaction-asker', dependencies: ['deps'] },
);
