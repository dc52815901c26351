import { and, asc, eq, getTableColumns, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { SubgroupInput } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { groups, subgroups } from '../../db/schema.ts';

export type GroupRow = typeof groups.$inferSelect;
export type SubgroupRow = typeof subgroups.$inferSelect;
export interface GroupWithSubgroups {
  group: GroupRow;
  subgroups: SubgroupRow[];
}

/** Subgroups in the order they were added (rows seeded in one instant: by English name). */
const subgroupOrder = [asc(subgroups.createdAt), asc(subgroups.subGroupEn), asc(subgroups.id)];

const liveSubgroup = isNull(subgroups.deletedAt);

/** Live groups by name, each with its live subgroups. */
export async function listLiveGroups(db: Db): Promise<GroupWithSubgroups[]> {
  const groupRows = await db
    .select()
    .from(groups)
    .where(isNull(groups.deletedAt))
    .orderBy(sql`lower(${groups.groupName})`, asc(groups.id));
  if (groupRows.length === 0) return [];
  const subgroupRows = await db
    .select()
    .from(subgroups)
    .where(
      and(
        liveSubgroup,
        inArray(
          subgroups.groupId,
          groupRows.map((group) => group.id),
        ),
      ),
    )
    .orderBy(...subgroupOrder);
  return groupRows.map((group) => ({
    group,
    subgroups: subgroupRows.filter((subgroup) => subgroup.groupId === group.id),
  }));
}

/** One statement: a live group's row with each live subgroup beside it (or none). */
function liveGroupWithSubgroups(db: Db, id: string | Placeholder) {
  return db
    .select({ group: groups, subgroup: subgroups })
    .from(groups)
    .leftJoin(subgroups, and(eq(subgroups.groupId, groups.id), liveSubgroup))
    .where(and(eq(groups.id, id), isNull(groups.deletedAt)))
    .orderBy(...subgroupOrder);
}

/** The group of every new ticket, read without a lock. */
const liveGroupById = preparedPerDatabase((db) => liveGroupWithSubgroups(db, sql.placeholder('id')).prepare('live_group_by_id'));

/** A live group with its live subgroups; `lock` holds the group row until the transaction ends. */
export async function findLiveGroup(
  db: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<GroupWithSubgroups | undefined> {
  const rows = options.lock
    ? await liveGroupWithSubgroups(db, id).for('update', { of: groups })
    : await liveGroupById(db).execute({ id });
  const group = rows[0]?.group;
  if (!group) return undefined;
  return { group, subgroups: rows.flatMap((row) => (row.subgroup ? [row.subgroup] : [])) };
}

export function listLiveSubgroupsOf(db: Db, groupId: string): Promise<SubgroupRow[]> {
  return db
    .select()
    .from(subgroups)
    .where(and(eq(subgroups.groupId, groupId), liveSubgroup))
    .orderBy(...subgroupOrder);
}

/** Every live subgroup of every live group. */
export function listAllLiveSubgroups(db: Db): Promise<SubgroupRow[]> {
  return db
    .select(getTableColumns(subgroups))
    .from(subgroups)
    .innerJoin(groups, and(eq(groups.id, subgroups.groupId), isNull(groups.deletedAt)))
    .where(liveSubgroup)
    .orderBy(sql`lower(${groups.groupName})`, ...subgroupOrder);
}

/** Whether a live group other than `exceptId` has this name (names compare without case). */
export async function isGroupNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const conditions = [isNull(groups.deletedAt), sql`lower(${groups.groupName}) = lower(${name})`];
  if (exceptId) conditions.push(sql`${groups.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertGroup(db: Db, name: string): Promise<GroupRow> {
  const [row] = await db.insert(groups).values({ groupName: name }).returning();
  if (!row) throw new Error('insert into groups returned no row');
  return row;
}

export async function insertSubgroups(db: Db, groupId: string, inputs: SubgroupInput[]): Promise<SubgroupRow[]> {
  return db
    .insert(subgroups)
    .values(
      inputs.map((input, index) => ({
        groupId,
        subGroupBn: input.sub_group_bn,
        subGroupEn: input.sub_group_en,
        // One microsecond apart, so that a batch keeps the order in which it was entered.
        createdAt: sql`now() + make_interval(secs => ${index} / 1000000.0)`,
      })),
    )
    .returning();
}

export async function renameLiveGroup(db: Db, id: string, name: string): Promise<boolean> {
  const rows = await db
    .update(groups)
    .set({ groupName: name })
    .where(and(eq(groups.id, id), isNull(groups.deletedAt)))
    .returning({ id: groups.id });
  return rows.length > 0;
}

export async function renameLiveSubgroup(db: Db, groupId: string, subId: string, input: SubgroupInput): Promise<boolean> {
  const rows = await db
    .update(subgroups)
    .set({ subGroupBn: input.sub_group_bn, subGroupEn: input.sub_group_en })
    .where(and(eq(subgroups.id, subId), eq(subgroups.groupId, groupId), liveSubgroup))
    .returning({ id: subgroups.id });
  return rows.length > 0;
}

/** Archives a group and its subgroups: tickets keep pointing at them, pickers no longer show them. */
export async function archiveLiveGroup(db: Db, id: string): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(groups)
    .set({ deletedAt: now })
    .where(and(eq(groups.id, id), isNull(groups.deletedAt)))
    .returning({ id: groups.id });
  if (rows.length === 0) return false;
  await db
    .update(subgroups)
    .set({ deletedAt: now })
    .where(and(eq(subgroups.groupId, id), liveSubgroup));
  return true;
}

export async function archiveLiveSubgroup(db: Db, groupId: string, subId: string): Promise<boolean> {
  const rows = await db
    .update(subgroups)
    .set({ deletedAt: new Date() })
    .where(and(eq(subgroups.id, subId), eq(subgroups.groupId, groupId), liveSubgroup))
    .returning({ id: subgroups.id });
  return rows.length > 0;
}

/** A group's name, archived or not: reports name the groups their tickets were filed under. */
export async function findGroupName(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: groups.groupName }).from(groups).where(eq(groups.id, id));
  return row?.name ?? null;
}

/** A subgroup's English name, archived or not. */
export async function findSubgroupName(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: subgroups.subGroupEn }).from(subgroups).where(eq(subgroups.id, id));
  return row?.name ?? null;
}
