/**
 * Areas (DESIGN.md §23), kept by admins: where subscribers live and outages strike, with the group
 * and subgroup their faults usually belong to. Staff with incident rights read them to choose an
 * incident's areas. Every change is audited in its transaction.
 */
import {
  AREAS_MAX,
  AppError,
  canListAreas,
  canManageSubscribers,
  type Area,
  type AreaCreate,
  type AreaUpdate,
  type AuditAction,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { findLiveGroup } from '../groups/groups.repository.ts';
import {
  countAreas,
  deleteArea,
  findAreaView,
  insertArea,
  isAreaInUse,
  listAreaViews,
  lockArea,
  lockAreaChanges,
  updateArea,
  type AreaRow,
  type AreaView,
} from './areas.repository.ts';

export function assertCanManageSubscribers(actor: Actor): void {
  if (!canManageSubscribers(actor)) throw new AppError('forbidden', 'subscribers.adminsOnly');
}

export function presentArea(view: AreaView): Area {
  return {
    code: view.code,
    name_en: view.nameEn,
    name_bn: view.nameBn,
    group_id: view.groupId,
    group_name: view.groupName,
    sub_group_id: view.subGroupId,
    sub_group_name: view.subGroupName,
    subscriber_count: view.subscriberCount,
  };
}

type AreaFieldsApi = Omit<AreaCreate, 'code'>;

function apiFieldsOf(row: AreaRow): AreaFieldsApi {
  return { name_en: row.nameEn, name_bn: row.nameBn, group_id: row.groupId, sub_group_id: row.subGroupId };
}

async function audit(tx: Db, actor: Actor, action: Extract<AuditAction, `area.${string}`>, code: string, details: object) {
  await insertAuditEntry(tx, { actorUserId: actor.id, action, target: `area:${code}`, ip: actor.ip, details: { ...details } });
}

/** A group, when named, must be live, and a subgroup one of its live subgroups (400 naming the field). */
async function checkGroup(db: Db, groupId: string | null, subGroupId: string | null): Promise<void> {
  if (!groupId) {
    if (subGroupId) throw AppError.invalidField('group_id', 'subscribers.groupOfSubgroup');
    return;
  }
  const found = await findLiveGroup(db, groupId);
  if (!found) throw AppError.invalidField('group_id', 'alarms.chooseGroup');
  if (subGroupId && !found.subgroups.some((subgroup) => subgroup.id === subGroupId))
    throw AppError.invalidField('sub_group_id', 'alarms.chooseSubgroupOfGroup');
}

async function viewOf(db: Db, code: string): Promise<Area> {
  const view = await findAreaView(db, code);
  if (!view) throw new AppError('not_found', 'subscribers.areaNotFound');
  return presentArea(view);
}

export async function listAreas(db: Db, actor: Actor): Promise<{ data: Area[] }> {
  if (!canListAreas(actor)) throw new AppError('forbidden', 'subscribers.staffOnly');
  return { data: (await listAreaViews(db)).map(presentArea) };
}

/** Adds an area: 409 when its code is taken or AREAS_MAX exist. */
export async function createArea(db: Db, actor: Actor, body: AreaCreate): Promise<Area> {
  assertCanManageSubscribers(actor);
  await checkGroup(db, body.group_id, body.sub_group_id);
  await db.transaction(async (tx) => {
    await lockAreaChanges(tx);
    if ((await countAreas(tx)) >= AREAS_MAX) throw new AppError('conflict', 'subscribers.tooManyAreas', { max: AREAS_MAX });
    const inserted = await insertArea(tx, {
      code: body.code,
      nameEn: body.name_en,
      nameBn: body.name_bn,
      groupId: body.group_id,
      subGroupId: body.sub_group_id,
    });
    if (!inserted) throw new AppError('conflict', 'subscribers.areaExists');
    await audit(tx, actor, 'area.create', body.code, body);
  });
  return viewOf(db, body.code);
}

/** Changes the fields sent (404 unknown); the area afterwards must still name a live group and one of its subgroups. */
export async function changeArea(db: Db, actor: Actor, code: string, body: AreaUpdate): Promise<Area> {
  assertCanManageSubscribers(actor);
  await db.transaction(async (tx) => {
    await lockAreaChanges(tx);
    const row = await lockArea(tx, code, 'no key update');
    if (!row) throw new AppError('not_found', 'subscribers.areaNotFound');
    const before = apiFieldsOf(row);
    const sent = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const after: AreaFieldsApi = { ...before, ...sent };
    if (body.group_id !== undefined || body.sub_group_id !== undefined) await checkGroup(tx, after.group_id, after.sub_group_id);
    const keys = (Object.keys(after) as (keyof AreaFieldsApi)[]).filter((key) => before[key] !== after[key]);
    if (keys.length === 0) return;
    const changed = Object.fromEntries(keys.map((key) => [key, after[key]])) as Partial<AreaFieldsApi>;
    await updateArea(tx, code, {
      nameEn: changed.name_en,
      nameBn: changed.name_bn,
      groupId: changed.group_id,
      subGroupId: changed.sub_group_id,
    });
    await audit(tx, actor, 'area.update', code, {
      before: Object.fromEntries(keys.map((key) => [key, before[key]])),
      after: changed,
    });
  });
  return viewOf(db, code);
}

/** Deletes an area: 404 unknown, 409 while a subscriber or an incident names it. */
export async function removeArea(db: Db, actor: Actor, code: string): Promise<void> {
  assertCanManageSubscribers(actor);
  await db.transaction(async (tx) => {
    await lockAreaChanges(tx);
    const row = await lockArea(tx, code, 'update');
    if (!row) throw new AppError('not_found', 'subscribers.areaNotFound');
    if (await isAreaInUse(tx, code)) throw new AppError('conflict', 'subscribers.areaInUse');
    await deleteArea(tx, code);
    await audit(tx, actor, 'area.delete', code, { before: apiFieldsOf(row) });
  });
}
