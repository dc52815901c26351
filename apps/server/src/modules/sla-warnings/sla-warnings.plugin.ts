/**
 * The warnings' scan as a recurring leased job (DESIGN.md §26): `sla.scan` is written once at ready
 * (ensureJob: one pending job however many processes start) and runs every SLA_SCAN_MS on whichever
 * process leases it; a run that left batches goes on at once.
 */
import fp from 'fastify-plugin';
import { ensureJob } from '../jobs/jobs.repository.ts';
import { scanSlaWarnings } from './sla-scan.ts';

export const SLA_SCAN_JOB = 'sla.scan';

export default fp(
  async (app) => {
    const { config, db } = app.deps;
    const { escalateHours, scanMs } = config.serviceLevels;
    app.jobs.handle(SLA_SCAN_JOB, async () => {
      const { more } = await scanSlaWarnings({ db, escalateHours });
      return { runAt: new Date(Date.now() + (more ? 0 : scanMs)) };
    });
    app.addHook('onReady', async () => {
      try {
        await ensureJob(db, { kind: SLA_SCAN_JOB, key: SLA_SCAN_JOB });
        app.jobs.wake();
      } catch (error) {
        // The desk serves without it; another process's start, or this one's next, writes it.
        app.log.error({ err: error }, 'could not write the warnings scan job');
      }
    });
  },
  { name: 'sla-warnings', dependencies: ['deps', 'job-runner'] },
);
