/** SQL of the leased jobs (DESIGN.md §26): write one, lease the next due one, record how it went. */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobPayload = Record<string, unknown>;

export interface NewJob {
  kind: string;
  /** One pending job per key. */
  key: string;
  runAt?: Date;
  payload?: JobPayload;
}

/**
 * Writes the job, or, when one of its key is pending, sets that one's moment and payload anew (a
 * second change of a calendar restarts its recomputation). In the caller's transaction.
 */
export async function scheduleJob(db: Db, job: NewJob): Promise<void> {
  const values = { kind: job.kind, key: job.key, runAt: job.runAt ?? new Date(), payload: job.payload ?? {} };
  await db
    .insert(jobs)
    .values(values)
    .onConflictDoUpdate({
      target: jobs.key,
      targetWhere: sql`done_at is null`,
      // A lease of the old run is let go: its outcome is refused (attempts fences it), and the new run need not wait.
      set: {
        runAt: values.runAt,
        payload: values.payload,
        attempts: 0,
        leasedUntil: null,
        lastError: null,
        updatedAt: sql`now()`,
      },
    });
}

/** Writes the job unless one of its key is pending (a recurring job's first run). */
export async function ensureJob(db: Db, job: NewJob): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, runAt: job.runAt ?? new Date(), payload: job.payload ?? {} })
    .onConflictDoNothing({ target: jobs.key, where: sql`done_at is null` });
}

/**
 * Leases the job due first of these kinds whose lease is free or ran out (its process died) for
 * `leaseMs`; SKIP LOCKED, so processes side by side never lease the same one. `attempts` fences the
 * lease: only the process holding the latest one may record the outcome.
 */
export async function leaseDueJob(db: Db, kinds: string[], leaseMs: number): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.leasedUntil), lt(jobs.leasedUntil, sql`now()`)),
          inArray(jobs.kind, kinds),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [leased] = await tx
      .update(jobs)
      .set({
        leasedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, due.id))
      .returning();
    return leased ?? null;
  });
}

/** The holder of the lease `attempts` records the outcome: done, or due again (with its progress). */
export async function recordJobOutcome(
  db: Db,
  job: Pick<JobRow, 'id' | 'attempts'>,
  outcome: { done: true } | { runAt: Date; payload?: JobPayload; error?: string },
): Promise<boolean> {
  const set =
    'done' in outcome
      ? { doneAt: sql`now()`, leasedUntil: null, updatedAt: sql`now()` }
      : {
          runAt: outcome.runAt,
          leasedUntil: null,
          updatedAt: sql`now()`,
          lastError: outcome.error ?? null,
          ...(outcome.payload ? { payload: outcome.payload } : {}),
          // A run that went well starts the count of failures again.
          ...(outcome.error ? {} : { attempts: 0 }),
        };
  const written = await db
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), isNull(jobs.doneAt)))
    .returning({ id: jobs.id });
  return written.length > 0;
}

/** The pending job of the key, if any (a recomputation's progress). */
export async function findPendingJob(db: Db, key: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt)));
  return row ?? null;
}
