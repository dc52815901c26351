/** Every start writes SLA_WARN_PERCENT into the levels and recomputes the departments it changed. */
import { expect, it } from 'vitest';
import { DEPARTMENTS } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { serviceLevels } from '../../db/schema.ts';
import { findPendingJob } from '../jobs/jobs.repository.ts';
import { recomputeKey } from './sla-recompute.ts';

describeWithApp(
  'the warning share at start',
  (ctx) => {
    it('writes SLA_WARN_PERCENT into every level and leaves a recomputation pending for each department', async () => {
      const levels = await ctx.db.select({ warnPercent: serviceLevels.warnPercent }).from(serviceLevels);
      expect(levels.map((level) => level.warnPercent)).toEqual(DEPARTMENTS.map(() => 80));
      for (const department of DEPARTMENTS) expect(await findPendingJob(ctx.db, recomputeKey(department))).not.toBeNull();
      await ctx.app.jobs.runOnce();
      for (const department of DEPARTMENTS) expect(await findPendingJob(ctx.db, recomputeKey(department))).toBeNull();
    });
  },
  { env: { SLA_WARN_PERCENT: '80' } },
);
