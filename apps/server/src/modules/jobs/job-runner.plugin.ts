/**
 * This process's job runner (DESIGN.md §26), from ready to close. Registered by app.ts before the
 * plugins that give it handlers (`app.jobs.handle` in their own registration); tests drive it with
 * `app.jobs.runOnce()`.
 */
import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Pick<JobRunner, 'handle' | 'recurring' | 'runOnce' | 'wake'>;
  }
}

export default fp(
  async (app, { autoStart = true }: { autoStart?: boolean }) => {
    const { config, db } = app.deps;
    const runner = createJobRunner({ db, pollMs: config.serviceLevels.jobsPollMs, log: app.log });
    app.decorate('jobs', {
      handle: (kind, handler) => runner.handle(kind, handler),
      recurring: (kind, handler) => runner.recurring(kind, handler),
      runOnce: () => runner.runOnce(),
      wake: () => runner.wake(),
    });
    app.addHook('onReady', async () => {
      if (autoStart) runner.start();
    });
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'job-runner', dependencies: ['deps'] },
);
