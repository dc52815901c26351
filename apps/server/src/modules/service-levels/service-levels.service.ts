/**
 * Service levels (DESIGN.md §17): how many hours each department has for the first staff reply and
 * to resolve. Staff read them; admins set them. The due time of each ticket follows from them in SQL.
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
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { listServiceLevelRows, upsertServiceLevel, type ServiceLevelRow } from './service-levels.repository.ts';

export function assertCanSeeServiceLevels(viewer: Actor): void {
  if (!canSeeServiceLevels(viewer)) throw new AppError('forbidden', 'service-levels.staffOnly');
}

export function assertCanManageServiceLevels(viewer: Actor): void {
  if (!canManageServiceLevels(viewer)) throw new AppError('forbidden', 'service-levels.adminsOnly');
}

function present(row: ServiceLevelRow): ServiceLevel {
  return {
    department: row.department,
    first_reply_hours: row.firstReplyHours,
    resolve_hours: row.resolveHours,
    calendar_id: row.calendarId,
    recompute: null,
  };
}

/** Every department's levels, in the order of DEPARTMENTS (the migration seeds all four). */
export async function listServiceLevels(db: Db): Promise<ServiceLevelListReply> {
  const rows = await listServiceLevelRows(db);
  const byDepartment = new Map(rows.map((row) => [row.department, row]));
  return {
    data: DEPARTMENTS.flatMap((department) => {
      const row = byDepartment.get(department);
      return row ? [present(row)] : [];
    }),
  };
}

/**
 * Sets a department's levels; the due times of its unsolved tickets move and the audit row is
 * written in the same transaction.
 */
export async function setServiceLevel(
  db: Db,
  actor: Actor,
  department: Department,
  body: ServiceLevelBody,
): Promise<ServiceLevel> {
  const row = await db.transaction(async (tx) => {
    const hours = { firstReplyHours: body.first_reply_hours, resolveHours: body.resolve_hours };
    const stored = await upsertServiceLevel(tx, department, hours);
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'service_level.update',
      target: `service_level:${department}`,
      ip: actor.ip,
      details: { first_reply_hours: stored.firstReplyHours, resolve_hours: stored.resolveHours },
    });
    return stored;
  });
  return present(row);
}
