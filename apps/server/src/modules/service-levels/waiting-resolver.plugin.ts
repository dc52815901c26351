/**
 * The end of unanswered waits (DESIGN.md §26), as a recurring leased job: registered by app.ts after
 * the job runner, which keeps one pending; run by whichever process leases it. Tests run it with
 * `app.jobs.runOnce()`.
 */
import fp from 'fastify-plugin';
import { WAITING_JOB, WAITING_LOOK_MAX_MS, waitingJobHandler } from './waiting-resolver.ts';

export default fp(
  async (app) => {
    const { config, db, tell } = app.deps;
    const everyMs = Math.min(config.serviceLevels.scanMs, WAITING_LOOK_MAX_MS);
    app.jobs.recurring(WAITING_JOB, waitingJobHandler({ db, tell, days: config.serviceLevels.waitingAutoResolveDays }, everyMs));
  },
  { name: 'waiting-resolver', dependencies: ['deps', 'job-runner'] },
);
