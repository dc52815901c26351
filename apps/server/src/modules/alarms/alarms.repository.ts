/**
 * SQL of network alarms (DESIGN.md §22): a delivery reads and writes its alarms set-wise, a few
 * statements however many alarms it carries, never one round trip per alarm.
 */
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AlarmLabels, AlarmStatus, AlarmView } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { alarmDeliveries, alarmRules, alarms, apiClients, incidents } from '../../db/schema.ts';

export type AlarmRow = typeof alarms.$inferSelect;

/** What intake knows of an alarm already kept. */
export interface KnownAlarm {
  id: string;
  source: string;
  key: string;
  status: AlarmStatus;
  incidentId: number | null;
}

/** The kept alarms of these (source, key) pairs, in one statement. */
export async function findKnownAlarms(db: Db, keys: { source: string; key: string }[]): Promise<KnownAlarm[]> {
  if (keys.length === 0) return [];
  const pairs = JSON.stringify(keys);
  return db
    .select({ id: alarms.id, source: alarms.source, key: alarms.key, status: alarms.status, incidentId: alarms.incidentId })
    .from(alarms)
    .where(
      sql`(${alarms.source}, ${alarms.key}) in (select x.source, x.key from jsonb_to_recordset(${pairs}::jsonb) as x(source text, key text))`,
    );
}

/**
 * Firing alarms of the client that this delivery leaves as they are (keys it does not name): with
 * the delivery's own firing ones, what the client would hold afterwards.
 */
export async function countFiringOfClientBesides(
  db: Db,
  clientId: string,
  keys: { source: string; key: string }[],
): Promise<number> {
  const pairs = JSON.stringify(keys);
  const [row] = await db
    .select({ n: count() })
    .from(alarms)
    .where(
      and(
        eq(alarms.clientId, clientId),
        eq(alarms.status, 'firing'),
        sql`(${alarms.source}, ${alarms.key}) not in (select x.source, x.key from jsonb_to_recordset(${pairs}::jsonb) as x(source text, key text))`,
      ),
    );
  return row?.n ?? 0;
}

/** One alarm as a delivery changes it (new, firing again, or resolved). */
export interface AlarmWrite {
  source: string;
  key: string;
  status: AlarmStatus;
  severity: string | null;
  summary: string;
  labels: AlarmLabels;
  incident_id: number | null;
  rule_id: string | null;
}

/**
 * Inserts or changes the alarms in one statement. A firing one fires (again) with its incident and
 * rule; a resolved one is marked resolved and keeps both. Returns each alarm's id and incident.
 */
export async function upsertAlarms(
  db: Db,
  clientId: string,
  rows: AlarmWrite[],
  now: Date,
): Promise<{ id: string; source: string; key: string; incidentId: number | null }[]> {
  if (rows.length === 0) return [];
  const firing = sql`excluded.status = 'firing'`;
  return db
    .insert(alarms)
    .values(
      rows.map((row) => ({
        source: row.source,
        key: row.key,
        clientId,
        status: row.status,
        severity: row.severity,
        summary: row.summary,
        labels: row.labels,
        firstSeen: now,
        lastSeen: now,
        resolvedAt: row.status === 'resolved' ? now : null,
        incidentId: row.incident_id,
        ruleId: row.rule_id,
      })),
    )
    .onConflictDoUpdate({
      target: [alarms.source, alarms.key],
      set: {
        clientId: sql`excluded.client_id`,
        status: sql`excluded.status`,
        severity: sql`excluded.severity`,
        summary: sql`excluded.summary`,
        labels: sql`excluded.labels`,
        lastSeen: sql`excluded.last_seen`,
        // Firing again after a recovery starts a new episode; a resolve keeps where it was routed.
        firstSeen: sql`case when ${firing} then excluded.first_seen else ${alarms.firstSeen} end`,
        resolvedAt: sql`excluded.resolved_at`,
        incidentId: sql`case when ${firing} then excluded.incident_id else ${alarms.incidentId} end`,
        ruleId: sql`case when ${firing} then excluded.rule_id else ${alarms.ruleId} end`,
      },
    })
    .returning({ id: alarms.id, source: alarms.source, key: alarms.key, incidentId: alarms.incidentId });
}

/** Repeats: only `last_seen` moves. */
export async function touchAlarms(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(alarms).set({ lastSeen: now }).where(inArray(alarms.id, ids));
}

/** Keeps the delivery in the log and lets go of those past the newest `kept`, by primary key. */
export async function logDelivery(db: Db, row: typeof alarmDeliveries.$inferInsert, kept: number): Promise<void> {
  const [inserted] = await db.insert(alarmDeliveries).values(row).returning({ id: alarmDeliveries.id });
  if (!inserted) return;
  // Ids only grow: everything more than `kept` ids back is older than the newest `kept` (a gap only keeps fewer).
  await db.delete(alarmDeliveries).where(sql`${alarmDeliveries.id} <= ${inserted.id - kept}`);
}

const VIEW_FILTER: Record<AlarmView, SQL | undefined> = {
  firing: sql`${alarms.status} = 'firing'`,
  recent: undefined,
  unrouted: and(eq(alarms.status, 'firing'), isNull(alarms.ruleId)),
};

/** An alarm with its incident's title and its rule's name. */
export interface AlarmListRow extends AlarmRow {
  incidentTitle: string | null;
  ruleName: string | null;
}

function selectAlarmRows(db: Db) {
  return db
    .select({ alarm: alarms, incidentTitle: incidents.title, ruleName: alarmRules.name })
    .from(alarms)
    .leftJoin(incidents, eq(incidents.id, alarms.incidentId))
    .leftJoin(alarmRules, eq(alarmRules.id, alarms.ruleId));
}

/** A page of the view, newest last seen first (each view has its partial index). */
export async function listAlarmPage(
  db: Db,
  view: AlarmView,
  offset: number,
  limit: number,
): Promise<{ rows: AlarmListRow[]; total: number }> {
  const where = VIEW_FILTER[view];
  const [rows, [counted]] = await Promise.all([
    selectAlarmRows(db).where(where).orderBy(desc(alarms.lastSeen), desc(alarms.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(alarms).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.alarm, incidentTitle: row.incidentTitle, ruleName: row.ruleName })),
    total: counted?.n ?? 0,
  };
}

export async function findAlarmRow(db: Db, id: string): Promise<AlarmListRow | undefined> {
  const [row] = await selectAlarmRows(db).where(eq(alarms.id, id));
  return row && { ...row.alarm, incidentTitle: row.incidentTitle, ruleName: row.ruleName };
}

/** A page of the delivery log, newest first, with the posting client's name. */
export async function listDeliveryPage(db: Db, offset: number, limit: number) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ delivery: alarmDeliveries, clientName: apiClients.name })
      .from(alarmDeliveries)
      .leftJoin(apiClients, eq(apiClients.id, alarmDeliveries.clientId))
      .orderBy(desc(alarmDeliveries.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(alarmDeliveries),
  ]);
  return { rows: rows.map((row) => ({ ...row.delivery, clientName: row.clientName })), total: counted?.n ?? 0 };
}
