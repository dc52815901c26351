/** Reading the audit trail (DESIGN.md §17): admins only, a page of 10, newest first. */
import { AppError, canReadAudit, PAGE_SIZE, type AuditListQuery, type AuditListReply, type Viewer } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { pageLinks } from '../../lib/pages.ts';
import { listAuditPage } from './audit.repository.ts';

export interface AuditContext {
  db: Db;
  /** The provider's time zone: the date filters are its calendar days. */
  timezone: string;
}

/** Refuses anyone but an admin (also checked by the route before the query is read). */
export function assertCanReadAudit(viewer: Viewer): void {
  if (!canReadAudit(viewer)) throw new AppError('forbidden', 'audit.adminsOnly');
}

export async function listAudit(ctx: AuditContext, viewer: Viewer, query: AuditListQuery): Promise<AuditListReply> {
  assertCanReadAudit(viewer);
  const filter = {
    actorUserId: query.actor_id,
    action: query.action,
    target: query.target,
    days: { start: query.start_date, end: query.end_date, timezone: ctx.timezone },
  };
  const { rows, total } = await listAuditPage(ctx.db, filter, (query.page - 1) * PAGE_SIZE, PAGE_SIZE);
  return {
    data: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor_id: row.actorUserId,
      actor_name: row.actorName,
      action: row.action,
      target: row.target,
      ip: row.ip,
      details: row.details,
    })),
    total,
    ...pageLinks(query.page, total),
  };
}
