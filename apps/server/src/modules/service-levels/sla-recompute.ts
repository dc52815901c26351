/**
 * The background recomputation of due times (DESIGN.md §26). A change of a department's levels or
 * of its calendar schedules `sla.recompute:<department>` in the change's transaction; the job runner
 * (modules/jobs) then walks the department's unsolved tickets by ticket id, RECOMPUTE_BATCH a step,
 * so that no request and no statement holds thousands of rows, and the levels screen shows how far
 * it got. A second change while one runs starts it again from the first ticket.
 */
import { DEPARTMENTS, type Department } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { JobResult } from '../jobs/job-runner.ts';
import { findPendingJob, scheduleJob, type JobPayload, type JobRow } from '../jobs/jobs.repository.ts';
import { countUnsolvedTickets, recomputeTicketBatch } from './sla-recompute.repository.ts';

export const RECOMPUTE_KIND = 'sla.recompute';
/** Tickets a step writes: short enough that a step's locks are gone in well under a second. */
export const RECOMPUTE_BATCH = 1_000;

export function recomputeKey(department: Department): string {
  return `${RECOMPUTE_KIND}:${department}`;
}

/** Schedules (or restarts from the first ticket) the recomputation of each department; in the caller's transaction. */
export async function scheduleRecompute(db: Db, departments: readonly Department[]): Promise<void> {
  for (const department of new Set(departments))
    await scheduleJob(db, { kind: RECOMPUTE_KIND, key: recomputeKey(department), payload: { cursor: 0 } });
}

interface Progress {
  cursor: number;
  done: number;
  total: number | null;
}

function progressOf(payload: JobPayload): Progress {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return { cursor: number(payload.cursor) ?? 0, done: number(payload.done) ?? 0, total: number(payload.total) };
}

function departmentOf(job: Pick<JobRow, 'key'>): Department | null {
  const name = job.key.slice(RECOMPUTE_KIND.length + 1);
  return DEPARTMENTS.find((department) => department === name) ?? null;
}

/**
 * One step of a recomputation: the next batch after the cursor. Due again at once with its progress
 * until a batch comes back short. Safe to run twice: a batch only writes what the rule says.
 */
export async function recomputeStep(db: Db, job: Pick<JobRow, 'key' | 'payload'>, batch = RECOMPUTE_BATCH): Promise<JobResult> {
  const department = departmentOf(job);
  if (!department) return { done: true };
  const progress = progressOf(job.payload);
  const total = progress.total ?? (await countUnsolvedTickets(db, department));
  const ids = await recomputeTicketBatch(db, department, progress.cursor, batch);
  if (ids.length < batch) return { done: true };
  const payload = { cursor: ids[ids.length - 1] ?? progress.cursor, done: progress.done + ids.length, total };
  return { runAt: new Date(), payload };
}

/** How far the department's pending recomputation got, or null when none is pending. */
export async function recomputeProgress(db: Db, department: Department): Promise<{ done: number; total: number } | null> {
  const job = await findPendingJob(db, recomputeKey(department));
  if (!job) return null;
  const { done, total } = progressOf(job.payload);
  return { done, total: Math.max(total ?? 0, done) };
}
