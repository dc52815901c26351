/**
 * The job runner of one server process (DESIGN.md §26). Every JOBS_POLL_MS, and when woken, it
 * leases the due jobs of the kinds it has handlers for, one at a time, and runs each: a job is run
 * by one process at a time, and a job whose process died (kill -9) is leased again once its lease
 * has run out. A handler that does its work in steps (a recomputation in batches) returns its next
 * moment with its progress; a handler that throws is tried again later, with the error on record.
 * What a job does must be safe to do twice (a lease can run out mid-step): the handlers keep
 * "once" in their own rows (a ticket's sla_stage), never in the job.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ensureJob, leaseDueJob, recordJobOutcome, type JobPayload, type JobRow } from './jobs.repository.ts';

/** What a run decided: the job is done, or due again at `runAt` (with its progress). */
export type JobResult = { done: true } | { runAt: Date; payload?: JobPayload };

export type JobHandler = (job: JobRow) => Promise<JobResult>;

/** How long a lease lasts: longer than any step of a handler, so a live process keeps its job. */
export const JOB_LEASE_MS = 120_000;
/** Jobs one wake-up runs before it lets the other work of the process in. */
const JOBS_PER_PASS = 100;
/** How often a runner makes sure its recurring jobs are pending (one write per job, none when they are). */
export const RECURRING_CHECK_MS = 60_000;

export interface JobRunnerOptions {
  db: Db;
  pollMs: number;
  log: FastifyBaseLogger;
  leaseMs?: number;
  recurringCheckMs?: number;
}

export interface JobRunner {
  /** The handler of a kind of job; set before start. */
  handle(kind: string, handler: JobHandler): void;
  /**
   * The handler of a recurring job (a scan): one pending job of key `kind` that the runner writes
   * on its first pass and again every RECURRING_CHECK_MS should it be missing (a start over an
   * unreachable database, a job ended by hand). The handler always returns its next moment.
   */
  recurring(kind: string, handler: JobHandler): void;
  start(): void;
  /** Runs the jobs due now (up to a pass): the number run. Tests call it instead of waiting. */
  runOnce(): Promise<number>;
  /** Runs a pass soon, not at the next poll (a change just scheduled a job). */
  wake(): void;
  stop(): Promise<void>;
}

/** Tried again after 1, 2, 4 … minutes, at most an hour. */
function retryAt(attempts: number): Date {
  return new Date(Date.now() + Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const recurringCheckMs = options.recurringCheckMs ?? RECURRING_CHECK_MS;
  const handlers = new Map<string, JobHandler>();
  const recurringKinds: string[] = [];
  let recurringCheckedAt = -Infinity;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function runJob(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    if (!handler) return;
    try {
      const result = await handler(job);
      await recordJobOutcome(db, job, result);
    } catch (error) {
      log.error({ err: error, job: { id: job.id, kind: job.kind, key: job.key } }, 'a job failed; it runs again later');
      await recordJobOutcome(db, job, { runAt: retryAt(job.attempts), error: String(error).slice(0, 500) });
    }
  }

  /** Writes the missing recurring jobs; a failure is logged and tried again on the next pass. */
  async function ensureRecurring(): Promise<void> {
    if (recurringKinds.length === 0 || Date.now() - recurringCheckedAt < recurringCheckMs) return;
    try {
      for (const kind of recurringKinds) await ensureJob(db, { kind, key: kind });
      recurringCheckedAt = Date.now();
    } catch (error) {
      log.error({ err: error }, 'could not write the recurring jobs; the next pass tries again');
    }
  }

  async function runOnce(): Promise<number> {
    await ensureRecurring();
    let ran = 0;
    while (ran < JOBS_PER_PASS) {
      const job = await leaseDueJob(db, [...handlers.keys()], leaseMs);
      if (!job) break;
      await runJob(job);
      ran += 1;
    }
    return ran;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running = runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'the job runner could not lease a job'))
        .finally(() => schedule(options.pollMs));
    }, delayMs);
  }

  return {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    recurring(kind, handler) {
      handlers.set(kind, handler);
      if (!recurringKinds.includes(kind)) recurringKinds.push(kind);
    },
    start() {
      stopped = false;
      schedule(0);
    },
    runOnce,
    wake() {
      // A pass already under way reschedules itself when done; one more soon catches the new job.
      schedule(10);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
