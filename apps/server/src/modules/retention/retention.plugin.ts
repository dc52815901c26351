/**
 * Retention's daily job (DESIGN.md §29), registered by app.ts after the job runner when
 * RETENTION_CLOSED_TICKET_DAYS is set: off by default, nothing is ever removed. Tests run it with
 * `app.jobs.runOnce()`.
 */
import fp from 'fastify-plugin';
import { storageDriverFor } from '../storage/storage-driver.ts';
import { RETENTION_JOB, retentionJobHandler } from './retention.ts';

export default fp(
  async (app) => {
    const { config, db } = app.deps;
    const days = config.retention.closedTicketDays;
    if (days === null) return;
    app.jobs.recurring(RETENTION_JOB, retentionJobHandler({ db, storage: storageDriverFor(config), days, log: app.log }));
  },
  { name: 'retention', dependencies: ['deps', 'job-runner'] },
);
