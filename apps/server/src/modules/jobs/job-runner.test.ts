/**
 * The leased jobs (DESIGN.md §26): a due job runs once however many runners look; one whose lease
 * ran out (its process died) runs again; a failing one waits and keeps its error; steps carry
 * their progress.
 */
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { databaseKinds, useTestDatabase } from '../../../test/test-databases.ts';
import { createJobRunner, type JobHandler } from './job-runner.ts';
import { ensureJob, leaseDueJob, scheduleJob } from './jobs.repository.ts';

const log = pino({ level: 'silent' });

for (const kind of databaseKinds()) {
  describe(`the job runner [${kind}]`, () => {
    const db = useTestDatabase(kind);
    const runner = (handlers: Record<string, JobHandler>, leaseMs?: number) => {
      const made = createJobRunner({ db: db(), pollMs: 60_000, log, leaseMs });
      for (const [name, handler] of Object.entries(handlers)) made.handle(name, handler);
      return made;
    };
    const jobOf = async (key: string) => {
      const [row] = await db().select().from(jobs).where(eq(jobs.key, key));
      return row;
    };

    it('runs a due job once, however many runners look, and not one due later', async () => {
      await scheduleJob(db(), { kind: 'test.once', key: 'once:1' });
      await scheduleJob(db(), { kind: 'test.once', key: 'once:later', runAt: new Date(Date.now() + 3_600_000) });
      const ran: string[] = [];
      const handler: JobHandler = async (job) => {
        ran.push(job.key);
        return { done: true };
      };
      const [a, b] = [runner({ 'test.once': handler }), runner({ 'test.once': handler })];
      await Promise.all([a.runOnce(), b.runOnce(), a.runOnce()]);
      expect(ran).toEqual(['once:1']);
      expect((await jobOf('once:1'))?.doneAt).not.toBeNull();
      expect((await jobOf('once:later'))?.doneAt).toBeNull();
    });

    it('leases again a job whose lease ran out, and refuses the outcome of the lost lease', async () => {
      await scheduleJob(db(), { kind: 'test.lease', key: 'lease:1' });
      const first = await leaseDueJob(db(), ['test.lease'], 1);
      expect(first?.attempts).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const ran: number[] = [];
      await runner({
        'test.lease': async (job) => {
          ran.push(job.attempts);
          return { done: true };
        },
      }).runOnce();
      expect(ran).toEqual([2]);
    });

    it('keeps a failing job with its error, due again later', async () => {
      await scheduleJob(db(), { kind: 'test.fail', key: 'fail:1' });
      await runner({
        'test.fail': async () => {
          throw new Error('the peer is down');
        },
      }).runOnce();
      const row = await jobOf('fail:1');
      expect(row?.doneAt).toBeNull();
      expect(row?.lastError).toContain('the peer is down');
      expect(row?.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    });

    it('runs a job in steps that carry their progress, and ensureJob writes a recurring one once', async () => {
      await scheduleJob(db(), { kind: 'test.steps', key: 'steps:1', payload: { cursor: 0 } });
      const seen: unknown[] = [];
      const steps = runner({
        'test.steps': async (job) => {
          const cursor = Number(job.payload.cursor);
          seen.push(cursor);
          return cursor < 2 ? { runAt: new Date(), payload: { cursor: cursor + 1 } } : { done: true };
        },
      });
      await steps.runOnce();
      expect(seen).toEqual([0, 1, 2]);
      await ensureJob(db(), { kind: 'test.scan', key: 'scan' });
      await ensureJob(db(), { kind: 'test.scan', key: 'scan', runAt: new Date(0) });
      expect((await db().select().from(jobs).where(eq(jobs.key, 'scan'))).length).toBe(1);
    });

    it('writes a recurring job on its first pass, and again once it is gone, however many runners keep it', async () => {
      const ran: number[] = [];
      const later = async () => {
        ran.push(Date.now());
        return { runAt: new Date(Date.now() + 3_600_000) };
      };
      const keepers = [0, 1].map(() => {
        const made = createJobRunner({ db: db(), pollMs: 60_000, log, recurringCheckMs: 0 });
        made.recurring('test.recurring', later);
        return made;
      });
      await Promise.all(keepers.map((keeper) => keeper.runOnce()));
      expect(ran).toHaveLength(1);
      const pending = async () =>
        (await db().select().from(jobs).where(eq(jobs.key, 'test.recurring'))).filter((job) => !job.doneAt);
      expect(await pending()).toHaveLength(1);
      // Ended by hand (or never written, the database away at the start): the next pass writes it again.
      await db().update(jobs).set({ doneAt: new Date() }).where(eq(jobs.key, 'test.recurring'));
      await keepers[0]?.runOnce();
      expect(ran).toHaveLength(2);
      expect(await pending()).toHaveLength(1);
    });
  });
}
