/**
 * SQL of incidents that network alarms open, join and recover (DESIGN.md §22). The incidents'
 * table is this module's: alarm intake and the recovery sweep call these by name.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmRules, alarms, incidents } from '../../db/schema.ts';

/** Where a routed alarm belongs: the rule's subgroup (or its group without one) and areas. */
export interface AlarmIncidentPlace {
  groupId: string;
  subGroupId: string | null;
  areaCodes: string[];
}

/**
 * Serialises find-or-open of the place's incident until the transaction ends: two deliveries at
 * once never open two incidents for one subgroup.
 */
export async function lockAlarmIncidentPlace(db: Db, place: AlarmIncidentPlace): Promise<void> {
  const key = `alarm-incident:${place.subGroupId ?? place.groupId}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * The oldest active incident of the place whose areas overlap the given ones (or either has
 * none), or undefined.
 */
export async function findActiveIncidentOf(db: Db, place: AlarmIncidentPlace): Promise<number | undefined> {
  const where = place.subGroupId
    ? eq(incidents.subGroupId, place.subGroupId)
    : and(eq(incidents.groupId, place.groupId), isNull(incidents.subGroupId));
  // As JSON: an array parameter is not written alike by every driver.
  const areas = sql`array(select jsonb_array_elements_text(${JSON.stringify(place.areaCodes)}::jsonb))`;
  const [row] = await db
    .select({ id: incidents.id })
    .from(incidents)
    .where(
      and(
        eq(incidents.status, 'active'),
        where,
        sql`(cardinality(${incidents.areaCodes}) = 0 or cardinality(${areas}) = 0 or ${incidents.areaCodes} && ${areas})`,
      ),
    )
    .orderBy(asc(incidents.createdAt), asc(incidents.id))
    .limit(1);
  return row?.id;
}

/** A firing alarm joined these incidents: any hold-down or recovery prompt is cancelled (flapping). */
export async function cancelAlarmRecovery(db: Db, incidentIds: number[]): Promise<void> {
  if (incidentIds.length === 0) return;
  await db
    .update(incidents)
    .set({ alarmsClearSince: null, networkRecoveredAt: null })
    .where(
      and(
        inArray(incidents.id, incidentIds),
        sql`(${incidents.alarmsClearSince} is not null or ${incidents.networkRecoveredAt} is not null)`,
      ),
    );
}

/**
 * Of these incidents, the active ones with no firing alarm left start their hold-down now (unless
 * it runs already). Returns the ids that started.
 */
export async function startAlarmHoldDown(db: Db, incidentIds: number[], now: Date): Promise<number[]> {
  if (incidentIds.length === 0) return [];
  const rows = await db
    .update(incidents)
    .set({ alarmsClearSince: now })
    .where(
      and(
        inArray(incidents.id, incidentIds),
        eq(incidents.status, 'active'),
        isNull(incidents.alarmsClearSince),
        sql`not exists (select 1 from ${alarms} where ${alarms.incidentId} = ${incidents.id} and ${alarms.status} = 'firing')`,
      ),
    )
    .returning({ id: incidents.id });
  return rows.map((row) => row.id);
}

export interface RecoveredIncident {
  id: number;
  /** The opening rule's message when it still exists and auto-resolves with one; null: ask staff. */
  autoResolveMessage: string | null;
}

/**
 * Active incidents whose alarms have all stayed resolved since `clearBefore` and whose recovery is
 * not yet decided, locked; rows another process holds are skipped (several processes sweep).
 */
export async function lockRecoveredIncidents(db: Db, clearBefore: Date, limit: number): Promise<RecoveredIncident[]> {
  const rows = await db
    .select({
      id: incidents.id,
      autoResolveMessage: sql<
        string | null
      >`(select case when ${alarmRules.autoResolve} then nullif(${alarmRules.restorationMessage}, '') end
        from ${alarmRules} where ${alarmRules.id} = ${incidents.alarmRuleId})`,
    })
    .from(incidents)
    .where(
      and(
        eq(incidents.status, 'active'),
        isNotNull(incidents.alarmsClearSince),
        lte(incidents.alarmsClearSince, clearBefore),
        isNull(incidents.networkRecoveredAt),
        sql`not exists (select 1 from ${alarms} where ${alarms.incidentId} = ${incidents.id} and ${alarms.status} = 'firing')`,
      ),
    )
    .orderBy(asc(incidents.alarmsClearSince))
    .limit(limit)
    .for('update', { of: incidents, skipLocked: true });
  return rows;
}

/** The hold-down passed without auto-resolve: staff are asked to resolve. */
export async function markNetworkRecovered(db: Db, incidentId: number, now: Date): Promise<void> {
  await db.update(incidents).set({ networkRecoveredAt: now }).where(eq(incidents.id, incidentId));
}
