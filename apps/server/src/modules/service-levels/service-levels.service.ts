/**
 * Service levels (DESIGN.md §17, §26): how many hours each department has for the first staff reply
 * and to resolve, counted in the working time of its calendar. Staff read them; admins set them. The
 * due time of each ticket follows from them in SQL; a change moves the unsolved tickets in the
 * background (sla-recompute.ts).
 */
import {
  AppError,
  canManageServiceLevels,
  canSeeServiceLevels,
  DEPARTMENTS,
  type Department,
  type ServiceLevel,
  type ServiceLevelBody,
  type ServiceLevelListReply,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { listServiceLevelRows, lockServiceLevel, upsertServiceLevel, type ServiceLevelRow } from './service-levels.repository.ts';
import { recomputeProgress, scheduleRecompute } from './sla-recompute.ts';

export function assertCanSeeServiceLevels(viewer: Actor): void {
  if (!canSeeServiceLevels(viewer)) throw new AppError('forbidden', 'service-levels.staffOnly');
}

export function assertCanManageServiceLevels(viewer: Actor): void {
  if (!canManageServiceLevels(viewer)) throw new AppError('forbidden', 'service-levels.adminsOnly');
}

async function present(db: Db, row: ServiceLevelRow): Promise<ServiceLevel> {
  return {
    department: row.department,
    first_reply_hours: row.firstReplyHours,
    resolve_hours: row.resolveHours,
    calendar_id: row.calendarId,
    recompute: await recomputeProgress(db, row.department),
  };
}

/** Every department's levels, in the order of DEPARTMENTS (the migration seeds all four), with any recomputation's progress. */
export async function listServiceLevels(db: Db): Promise<ServiceLevelListReply> {
  const rows = await listServiceLevelRows(db);
  const byDepartment = new Map(rows.map((row) => [row.department, row]));
  const data = DEPARTMENTS.flatMap((department) => {
    const row = byDepartment.get(department);
    return row ? [row] : [];
  });
  return { data: await Promise.all(data.map((row) => present(db, row))) };
}

function changed(before: ServiceLevelRow | null, after: ServiceLevelRow): boolean {
  return (
    !before ||
    before.firstReplyHours !== after.firstReplyHours ||
    before.resolveHours !== after.resolveHours ||
    before.calendarId !== after.calendarId
  );
}

/**
 * Sets a department's levels and calendar; the audit row and, when anything changed, the
 * recomputation of its unsolved tickets' due times are written in the same transaction. The
 * caller wakes the job runner. An unknown calendar is refused with 400.
 */
export async function setServiceLevel(
  db: Db,
  actor: Actor,
  department: Department,
  body: ServiceLevelBody,
): Promise<ServiceLevel> {
  assertCanManageServiceLevels(actor);
  try {
    const row = await db.transaction(async (tx) => {
      const before = await lockServiceLevel(tx, department);
      const levels = {
        firstReplyHours: body.first_reply_hours,
        resolveHours: body.resolve_hours,
        ...(body.calendar_id === undefined ? {} : { calendarId: body.calendar_id }),
      };
      const stored = await upsertServiceLevel(tx, department, levels);
      if (changed(before, stored)) await scheduleRecompute(tx, [department]);
      await insertAuditEntry(tx, {
        actorUserId: actor.id,
        action: 'service_level.update',
        target: `service_level:${department}`,
        ip: actor.ip,
        details: {
          first_reply_hours: stored.firstReplyHours,
          resolve_hours: stored.resolveHours,
          calendar_id: stored.calendarId,
        },
      });
      return stored;
    });
    return await present(db, row);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw AppError.invalidField('calendar_id', 'calendars.notFound');
    throw error;
  }
}
