/**
 * SQL of the areas (DESIGN.md §23): a short table (at most AREAS_MAX rows) that admins change now
 * and then. Every change takes one transaction-scoped lock, so the count under the limit holds.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { areas, groups, incidents, subgroups, subscribers } from '../../db/schema.ts';

export type AreaRow = typeof areas.$inferSelect;
export type AreaFields = Partial<Pick<AreaRow, 'nameEn' | 'nameBn' | 'groupId' | 'subGroupId'>>;

/** An area with its group's and subgroup's names as they are now, and how many subscribers live there. */
export interface AreaView extends AreaRow {
  groupName: string | null;
  subGroupName: string | null;
  subscriberCount: number;
}

/** Area changes run one after the other until the transaction ends. */
export async function lockAreaChanges(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('areas:write'))`);
}

function selectViews(db: Db) {
  // One pass over the subscribers per list, not one count per area.
  const counts = db
    .select({ areaCode: subscribers.areaCode, n: count().as('n') })
    .from(subscribers)
    .groupBy(subscribers.areaCode)
    .as('counts');
  return db
    .select({
      area: areas,
      groupName: groups.groupName,
      subGroupName: subgroups.subGroupEn,
      subscriberCount: sql<number>`coalesce(${counts.n}, 0)::int`,
    })
    .from(areas)
    .leftJoin(groups, eq(groups.id, areas.groupId))
    .leftJoin(subgroups, eq(subgroups.id, areas.subGroupId))
    .leftJoin(counts, eq(counts.areaCode, areas.code));
}

type ViewRow = { area: AreaRow; groupName: string | null; subGroupName: string | null; subscriberCount: number };

function viewOf(row: ViewRow): AreaView {
  return { ...row.area, groupName: row.groupName, subGroupName: row.subGroupName, subscriberCount: row.subscriberCount };
}

/** Every area by code. */
export async function listAreaViews(db: Db): Promise<AreaView[]> {
  const rows = await selectViews(db).orderBy(asc(areas.code));
  return rows.map(viewOf);
}

export async function findAreaView(db: Db, code: string): Promise<AreaView | undefined> {
  const [row] = await selectViews(db).where(eq(areas.code, code));
  return row && viewOf(row);
}

/**
 * The area, locked until the transaction ends; undefined when there is none. A change of names or
 * group (`no key update`) does not wait for an import that holds the codes; a delete (`update`) does.
 */
export async function lockArea(db: Db, code: string, strength: 'update' | 'no key update'): Promise<AreaRow | undefined> {
  const [row] = await db.select().from(areas).where(eq(areas.code, code)).for(strength);
  return row;
}

export async function countAreas(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(areas);
  return row?.n ?? 0;
}

/** Inserts the area; false when its code is taken. */
export async function insertArea(db: Db, row: typeof areas.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(areas).values(row).onConflictDoNothing().returning({ code: areas.code });
  return inserted.length > 0;
}

export async function updateArea(db: Db, code: string, fields: AreaFields): Promise<void> {
  await db
    .update(areas)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(areas.code, code));
}

export async function deleteArea(db: Db, code: string): Promise<void> {
  await db.delete(areas).where(eq(areas.code, code));
}

/** Whether a subscriber or an incident (active or resolved) names the area. */
export async function isAreaInUse(db: Db, code: string): Promise<boolean> {
  const [subscriber] = await db
    .select({ one: sql`1` })
    .from(subscribers)
    .where(eq(subscribers.areaCode, code))
    .limit(1);
  if (subscriber) return true;
  const [incident] = await db
    .select({ one: sql`1` })
    .from(incidents)
    .where(sql`${incidents.areaCodes} @> array[${code}]::text[]`)
    .limit(1);
  return incident !== undefined;
}

/**
 * Every area's code, each row held against deletion until the transaction ends (an import checks
 * its rows against them and must not meet a foreign-key failure halfway).
 */
export async function holdAreaCodes(tx: Db): Promise<Set<string>> {
  const rows = await tx.select({ code: areas.code }).from(areas).for('key share');
  return new Set(rows.map((row) => row.code));
}
