/**
 * The warnings' scan as a recurring leased job (DESIGN.md §26): the job runner keeps one `sla.scan`
 * pending however many processes run, and it runs every SLA_SCAN_MS on whichever process leases it;
 * a run that left batches goes on at once.
 */
import fp from 'fastify-plugin';
import { scanSlaWarnings } from './sla-scan.ts';

export const SLA_SCAN_JOB = 'sla.scan';

export default fp(
  async (app) => {
    const { config, db } = app.deps;
    const { escalateHours, scanMs } = config.serviceLevels;
    app.jobs.recurring(SLA_SCAN_JOB, async () => {
      const { more } = await scanSlaWarnings({ db, escalateHours });
      return { runAt: new Date(Date.now() + (more ? 0 : scanMs)) };
    });
  },
  { name: 'sla-warnings', dependencies: ['deps', 'job-runner'] },
);
