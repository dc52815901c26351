/**
 * SQL of the alarm routing rules (DESIGN.md §22): a short ordered table (at most 200 rows) that
 * admins change now and then. Every change takes one transaction-scoped lock, so that positions,
 * the count under the limit and a reorder never interleave.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmRules, groups, subgroups } from '../../db/schema.ts';
import type { AlarmRuleRow } from './routing-rules.ts';

export type NewAlarmRuleRow = Omit<typeof alarmRules.$inferInsert, 'id' | 'position' | 'createdAt' | 'updatedAt'>;
export type AlarmRuleFields = Partial<
  Pick<
    AlarmRuleRow,
    'name' | 'matchers' | 'groupId' | 'subGroupId' | 'areaCodes' | 'publicNoteTemplate' | 'restorationMessage' | 'autoResolve'
  >
>;

/** A rule with the names of its group and subgroup as they are now. */
export interface AlarmRuleView extends AlarmRuleRow {
  groupName: string | null;
  subGroupName: string | null;
}

/** Rule changes run one after the other until the transaction ends. */
export async function lockAlarmRuleChanges(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('alarm_rules:write'))`);
}

function selectViews(db: Db) {
  return db
    .select({ rule: alarmRules, groupName: groups.groupName, subGroupName: subgroups.subGroupEn })
    .from(alarmRules)
    .leftJoin(groups, eq(groups.id, alarmRules.groupId))
    .leftJoin(subgroups, eq(subgroups.id, alarmRules.subGroupId));
}

function viewOf(row: { rule: AlarmRuleRow; groupName: string | null; subGroupName: string | null }): AlarmRuleView {
  return { ...row.rule, groupName: row.groupName, subGroupName: row.subGroupName };
}

/** Every rule in its order (the first match wins). */
export async function listAlarmRules(db: Db): Promise<AlarmRuleView[]> {
  const rows = await selectViews(db).orderBy(asc(alarmRules.position), asc(alarmRules.id));
  return rows.map(viewOf);
}

export async function findAlarmRuleView(db: Db, id: string): Promise<AlarmRuleView | undefined> {
  const [row] = await selectViews(db).where(eq(alarmRules.id, id));
  return row && viewOf(row);
}

/** The rule, locked until the transaction ends; undefined when there is none. */
export async function lockAlarmRule(db: Db, id: string): Promise<AlarmRuleRow | undefined> {
  const [row] = await db.select().from(alarmRules).where(eq(alarmRules.id, id)).for('update');
  return row;
}

export async function countAlarmRules(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alarmRules);
  return row?.n ?? 0;
}

/** The ids of every rule in their order. */
export async function listAlarmRuleIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: alarmRules.id })
    .from(alarmRules)
    .orderBy(asc(alarmRules.position), asc(alarmRules.id));
  return rows.map((row) => row.id);
}

/** Adds the rule after every other one; returns its id. */
export async function insertAlarmRuleLast(db: Db, row: NewAlarmRuleRow): Promise<string> {
  const [inserted] = await db
    .insert(alarmRules)
    .values({ ...row, position: sql`(select coalesce(max(${alarmRules.position}), -1) + 1 from ${alarmRules})` })
    .returning({ id: alarmRules.id });
  if (!inserted) throw new Error('insert into alarm_rules returned no row');
  return inserted.id;
}

export async function updateAlarmRule(db: Db, id: string, fields: AlarmRuleFields): Promise<void> {
  await db
    .update(alarmRules)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(alarmRules.id, id));
}

export async function deleteAlarmRule(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(alarmRules).where(eq(alarmRules.id, id)).returning({ id: alarmRules.id });
  return rows.length > 0;
}

/** Gives the rules the positions of their order in `ids` (one statement). */
export async function setAlarmRuleOrder(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const positions = sql.join(
    ids.map((id, index) => sql`when ${id}::uuid then ${index}::int`),
    sql` `,
  );
  await db
    .update(alarmRules)
    .set({ position: sql`case ${alarmRules.id} ${positions} end` })
    .where(inArray(alarmRules.id, ids));
}
