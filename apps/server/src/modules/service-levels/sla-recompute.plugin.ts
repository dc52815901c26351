/**
 * Gives the job runner the recomputation of due times (sla-recompute.ts), and at every start writes
 * SLA_WARN_PERCENT into the levels the rule reads: a changed share recomputes every department's
 * warning times in the background.
 */
import fp from 'fastify-plugin';
import { RECOMPUTE_KIND, recomputeStep, scheduleRecompute } from './sla-recompute.ts';
import { syncWarnPercent } from './sla-recompute.repository.ts';

export default fp(
  async (app) => {
    const { config, db } = app.deps;
    app.jobs.handle(RECOMPUTE_KIND, (job) => recomputeStep(db, job));
    app.addHook('onReady', async () => {
      try {
        const changed = await db.transaction(async (tx) => {
          const departments = await syncWarnPercent(tx, config.serviceLevels.warnPercent);
          await scheduleRecompute(tx, departments);
          return departments;
        });
        if (changed.length > 0) app.jobs.wake();
      } catch (error) {
        // The desk serves without it: the warnings keep the share they had until the next start.
        app.log.error({ err: error }, 'could not write SLA_WARN_PERCENT into the service levels');
      }
    });
  },
  { name: 'sla-recompute', dependencies: ['deps', 'job-runner'] },
);
