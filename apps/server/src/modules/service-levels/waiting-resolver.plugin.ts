/**
 * The end of unanswered waits (DESIGN.md §26), as a recurring leased job: registered by app.ts after
 * the job runner; the job is written once at ready (any process may, ensureJob keeps one) and run
 * by whichever process leases it. Tests run it with `app.jobs.runOnce()`.
 */
import fp from 'fastify-plugin';
import { ensureJob } from '../jobs/jobs.repository.ts';
import { WAITING_JOB, WAITING_LOOK_MAX_MS, waitingJobHandler } from './waiting-resolver.ts';

export default fp(
  async (app) => {
    const { config, db, tell } = app.deps;
    const everyMs = Math.min(config.serviceLevels.scanMs, WAITING_LOOK_MAX_MS);
    app.jobs.handle(WAITING_JOB, waitingJobHandler({ db, tell, days: config.serviceLevels.waitingAutoResolveDays }, everyMs));
    app.addHook('onReady', async () => {
      try {
        await ensureJob(db, { kind: WAITING_JOB, key: WAITING_JOB });
      } catch (error) {
        // The desk serves without it; another process's start, or this one's next, writes it.
        app.log.error({ err: error }, 'could not write the job that ends unanswered waits');
      }
    });
  },
  { name: 'waiting-resolver', dependencies: ['deps', 'job-runner'] },
);
