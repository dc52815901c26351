/** The audit trail: who did what to what, from where. Written inside the transaction of the change it records. */
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { wellFormed } from '../../lib/well-formed.ts';

export interface AuditEntry {
  /** null for somebody who is not signed in (the public ticket form). */
  actorUserId: string | null;
  /** `module.verb`, e.g. `auth.clear_lock`: one of the shared list, which the audit screen names. */
  action: AuditAction;
  target: string;
  ip: string;
  details?: Record<string, unknown>;
}

export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, details: entry.details && wellFormed(entry.details) });
}

/** Many entries in one statement (an incident's resolve writes each ticket's rows): none is nothing. */
export async function insertAuditEntries(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map((entry) => ({ ...entry, details: entry.details && wellFormed(entry.details) })));
}

/**
 * An audit entry as a CTE of a prepared statement that also makes the change it records. `target`
 * is SQL, and may name an id the same statement has just given when `source` is the CTE of that
 * row; `moreDetails` (a jsonb object over `source`) joins the entry's details. The statement's
 * values are `auditEntryParams(entry)`.
 */
export function auditEntryOf(target: SQL, source?: SQL, moreDetails?: SQL): SQL {
  const { actor, action, details, ip } = AUDIT_PLACEHOLDERS;
  const written = moreDetails ? sql`coalesce(${details}::jsonb, '{}') || ${moreDetails}` : sql`${details}::jsonb`;
  return sql`insert into ${auditLog} (actor_user_id, action, target, details, ip)
    select ${actor}::uuid, ${action}::text, ${target}, ${written}, ${ip}::text ${source ? sql`from ${source}` : sql``}`;
}

const AUDIT_PLACEHOLDERS = {
  actor: sql.placeholder('auditActor'),
  action: sql.placeholder('auditAction'),
  details: sql.placeholder('auditDetails'),
  ip: sql.placeholder('auditIp'),
};

export function auditEntryParams(entry: Omit<AuditEntry, 'target'>) {
  return {
    auditActor: entry.actorUserId,
    auditAction: entry.action,
    auditDetails: entry.details === undefined ? null : JSON.stringify(wellFormed(entry.details)),
    auditIp: entry.ip,
  };
}

/** What the audit screen filters by; days are calendar days in `timezone`, both included. */
export interface AuditFilter {
  actorUserId?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  days: { start?: string | undefined; end?: string | undefined; timezone: string };
}

export type AuditRow = typeof auditLog.$inferSelect & { actorName: string | null };

function conditionsOf(filter: AuditFilter): SQL | undefined {
  const { days } = filter;
  return and(
    filter.actorUserId ? eq(auditLog.actorUserId, filter.actorUserId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.target ? eq(auditLog.target, filter.target) : undefined,
    days.start ? gte(auditLog.at, sql`(${days.start}::date)::timestamp at time zone ${days.timezone}`) : undefined,
    days.end ? lt(auditLog.at, sql`(${days.end}::date + 1)::timestamp at time zone ${days.timezone}`) : undefined,
  );
}

/** One page of the trail, newest first, with the actor's name (kept for deleted users too). */
export async function listAuditPage(
  db: Db,
  filter: AuditFilter,
  offset: number,
  limit: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = conditionsOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorUserId: auditLog.actorUserId,
        action: auditLog.action,
        target: auditLog.target,
        details: auditLog.details,
        ip: auditLog.ip,
        at: auditLog.at,
        actorName: users.name,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
