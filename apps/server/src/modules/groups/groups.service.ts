/**
 * Groups and subgroups. Everyone reads them (the public form offers them); admins and moderators
 * write. Tickets keep snapshots of the names, so a rename never touches tickets, and a delete
 * archives (deleted_at) instead of removing rows that tickets still point at.
 */
import {
  AppError,
  canManageGroups,
  type CreateGroupBody,
  type Group,
  type Subgroup,
  type SubgroupInput,
  type SubgroupWithGroup,
  type Viewer,
  type AuditAction,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import {
  archiveLiveGroup,
  archiveLiveSubgroup,
  findLiveGroup,
  insertGroup,
  insertSubgroups,
  isGroupNameTaken,
  listAllLiveSubgroups,
  listLiveGroups,
  listLiveSubgroupsOf,
  renameLiveGroup,
  renameLiveSubgroup,
  type GroupWithSubgroups,
  type SubgroupRow,
} from './groups.repository.ts';

/**
 * The audit row of a group change. A subgroup change is a `group.update` of its group whose
 * details name the subgroup: the trail's vocabulary stays the one of DESIGN.md §17.
 */
async function audit(
  db: Db,
  writer: Actor,
  ip: string,
  action: Extract<AuditAction, `group.${string}`>,
  groupId: string,
  details: Record<string, unknown>,
) {
  await insertAuditEntry(db, { actorUserId: writer.id, action, target: `group:${groupId}`, ip, details });
}

/** Refuses anyone but admins and moderators (also checked by the routes before the body is read). */
export function assertCanManageGroups(viewer: Viewer): void {
  if (!canManageGroups(viewer)) throw new AppError('forbidden', 'groups.managersOnly');
}

function presentSubgroup(row: SubgroupRow): Subgroup {
  return { _id: row.id, sub_group_bn: row.subGroupBn, sub_group_en: row.subGroupEn };
}

function presentGroup({ group, subgroups }: GroupWithSubgroups): Group {
  return { _id: group.id, group_name: group.groupName, sub_groups: subgroups.map(presentSubgroup) };
}

export async function listGroups(db: Db): Promise<Group[]> {
  return (await listLiveGroups(db)).map(presentGroup);
}

export async function listSubgroupsOf(db: Db, groupId: string): Promise<Subgroup[]> {
  const found = await findLiveGroup(db, groupId);
  if (!found) throw new AppError('not_found', 'groups.notFound');
  return found.subgroups.map(presentSubgroup);
}

export async function listAllSubgroups(db: Db): Promise<SubgroupWithGroup[]> {
  return (await listAllLiveSubgroups(db)).map((row) => ({ ...presentSubgroup(row), group_id: row.groupId }));
}

/** Runs a write that may hit the unique group name, turning a lost race into the same 409. */
async function guardingName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'groups.nameTaken', { name: name });
    throw error;
  }
}

export async function createGroup(db: Db, viewer: Actor, body: CreateGroupBody, ip: string): Promise<Group> {
  assertCanManageGroups(viewer);
  if (await isGroupNameTaken(db, body.group_name)) throw new AppError('conflict', 'groups.nameTaken', { name: body.group_name });
  return guardingName(body.group_name, () =>
    db.transaction(async (tx) => {
      const group = await insertGroup(tx, body.group_name);
      const added = await insertSubgroups(tx, group.id, body.sub_groups);
      await audit(tx, viewer, ip, 'group.create', group.id, {
        group_name: group.groupName,
        sub_group_ids: added.map((row) => row.id),
      });
      return presentGroup({ group, subgroups: await listLiveSubgroupsOf(tx, group.id) });
    }),
  );
}

export async function renameGroup(db: Db, viewer: Actor, id: string, name: string, ip: string): Promise<Group> {
  assertCanManageGroups(viewer);
  if (await isGroupNameTaken(db, name, id)) throw new AppError('conflict', 'groups.nameTaken', { name: name });
  await guardingName(name, () =>
    db.transaction(async (tx) => {
      if (!(await renameLiveGroup(tx, id, name))) throw new AppError('not_found', 'groups.notFound');
      await audit(tx, viewer, ip, 'group.update', id, { group_name: name });
    }),
  );
  return groupOrNotFound(db, id);
}

export async function deleteGroup(db: Db, viewer: Actor, id: string, ip: string): Promise<void> {
  assertCanManageGroups(viewer);
  await db.transaction(async (tx) => {
    if (!(await archiveLiveGroup(tx, id))) throw new AppError('not_found', 'groups.notFound');
    await audit(tx, viewer, ip, 'group.delete', id, {});
  });
}

export async function addSubgroups(db: Db, viewer: Actor, groupId: string, inputs: SubgroupInput[], ip: string): Promise<Group> {
  assertCanManageGroups(viewer);
  return db.transaction(async (tx) => {
    // The lock keeps a concurrent delete of the group from archiving it under the new subgroups.
    const found = await findLiveGroup(tx, groupId, { lock: true });
    if (!found) throw new AppError('not_found', 'groups.notFound');
    const added = await insertSubgroups(tx, groupId, inputs);
    await audit(tx, viewer, ip, 'group.update', groupId, { subgroups_added: added.map((row) => row.id) });
    return presentGroup({ group: found.group, subgroups: await listLiveSubgroupsOf(tx, groupId) });
  });
}

export async function renameSubgroup(
  db: Db,
  viewer: Actor,
  groupId: string,
  subId: string,
  input: SubgroupInput,
  ip: string,
): Promise<Group> {
  assertCanManageGroups(viewer);
  await db.transaction(async (tx) => {
    if (!(await renameLiveSubgroup(tx, groupId, subId, input))) throw new AppError('not_found', 'groups.subgroupNotFound');
    await audit(tx, viewer, ip, 'group.update', groupId, { subgroup_renamed: subId, sub_group_en: input.sub_group_en });
  });
  return groupOrNotFound(db, groupId);
}

export async function deleteSubgroup(db: Db, viewer: Actor, groupId: string, subId: string, ip: string): Promise<void> {
  assertCanManageGroups(viewer);
  await db.transaction(async (tx) => {
    if (!(await archiveLiveSubgroup(tx, groupId, subId))) throw new AppError('not_found', 'groups.subgroupNotFound');
    await audit(tx, viewer, ip, 'group.update', groupId, { subgroup_deleted: subId });
  });
}

async function groupOrNotFound(db: Db, id: string): Promise<Group> {
  const found = await findLiveGroup(db, id);
  if (!found) throw new AppError('not_found', 'groups.notFound');
  return presentGroup(found);
}
