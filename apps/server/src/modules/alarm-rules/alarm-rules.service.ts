/**
 * Alarm routing rules (DESIGN.md §22), kept by admins: ordered label matchers that send a firing
 * alarm to a group, a subgroup and areas, with the public note and the restoration message of the
 * incident it opens. Every `=~` expression is compiled with RE2 when saved; every change is
 * audited in its transaction, and intake reads the rules again at once (forgetRoutingRules).
 */
import {
  ALARM_RULES_MAX,
  AppError,
  canManageAlarmRules,
  type AlarmMatcher,
  type AlarmRule,
  type AlarmRuleCreate,
  type AlarmRuleUpdate,
  type AuditAction,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { wellFormed } from '../../lib/well-formed.ts';
import { findLiveGroup } from '../groups/groups.repository.ts';
import { presentAlarmRule } from './alarm-rule-presenter.ts';
import {
  countAlarmRules,
  deleteAlarmRule,
  findAlarmRuleView,
  insertAlarmRuleLast,
  listAlarmRuleIds,
  listAlarmRules,
  lockAlarmRule,
  lockAlarmRuleChanges,
  setAlarmRuleOrder,
  updateAlarmRule,
  type AlarmRuleFields,
} from './alarm-rules.repository.ts';
import { regexProblem } from './rule-matcher.ts';
import { forgetRoutingRules, type AlarmRuleRow } from './routing-rules.ts';

/** The audit target of a reorder, which changes every rule's place at once. */
const ORDER_TARGET = 'alarm_rules:order';

export function assertCanManageAlarmRules(viewer: Actor): void {
  if (!canManageAlarmRules(viewer)) throw new AppError('forbidden', 'alarms.adminsOnly');
}

async function audit(
  tx: Db,
  actor: Actor,
  action: Extract<AuditAction, `alarm_rule.${string}`>,
  target: string,
  details: object,
) {
  await insertAuditEntry(tx, { actorUserId: actor.id, action, target, ip: actor.ip, details: { ...details } });
}

/** Every `=~` value must compile on RE2: a 400 on the first one that does not, naming it and RE2's reason. */
function checkMatchers(matchers: AlarmMatcher[]): void {
  matchers.forEach((matcher, index) => {
    if (matcher.op !== '=~') return;
    const reason = regexProblem(matcher.value);
    if (reason !== null) throw AppError.invalidField(`matchers.${index}.value`, 'alarms.badRegex', { reason });
  });
}

/**
 * The matchers as they are stored: a lone surrogate (valid in a request's JSON, refused by a jsonb
 * column) becomes U+FFFD, as a text column would store it.
 */
function wellFormedMatchers(matchers: AlarmMatcher[]): AlarmMatcher[] {
  return wellFormed(matchers);
}

/** The group must be live, and the subgroup (when given) one of its live subgroups. */
async function checkGroup(db: Db, groupId: string, subGroupId: string | null): Promise<void> {
  const found = await findLiveGroup(db, groupId);
  if (!found) throw AppError.invalidField('group_id', 'alarms.chooseGroup');
  if (subGroupId && !found.subgroups.some((subgroup) => subgroup.id === subGroupId))
    throw AppError.invalidField('sub_group_id', 'alarms.chooseSubgroupOfGroup');
}

/** The rule's fields as the API names them (what the audit rows record). */
function apiFieldsOf(row: AlarmRuleRow): AlarmRuleCreate {
  return {
    name: row.name,
    matchers: row.matchers,
    group_id: row.groupId,
    sub_group_id: row.subGroupId,
    area_codes: row.areaCodes,
    public_note_template: row.publicNoteTemplate,
    restoration_message: row.restorationMessage,
    auto_resolve: row.autoResolve,
  };
}

function columnsOf(fields: Partial<AlarmRuleCreate>): AlarmRuleFields {
  const columns: AlarmRuleFields = {
    name: fields.name,
    matchers: fields.matchers,
    groupId: fields.group_id,
    subGroupId: fields.sub_group_id,
    areaCodes: fields.area_codes,
    publicNoteTemplate: fields.public_note_template,
    restorationMessage: fields.restoration_message,
    autoResolve: fields.auto_resolve,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

async function viewOf(db: Db, id: string): Promise<AlarmRule> {
  const row = await findAlarmRuleView(db, id);
  if (!row) throw new AppError('not_found', 'alarms.ruleNotFound');
  return presentAlarmRule(row);
}

export async function listRules(db: Db, actor: Actor): Promise<{ data: AlarmRule[] }> {
  assertCanManageAlarmRules(actor);
  return { data: (await listAlarmRules(db)).map(presentAlarmRule) };
}

/** Adds a rule at the end of the order: 409 past ALARM_RULES_MAX. */
export async function createRule(db: Db, actor: Actor, sent: AlarmRuleCreate): Promise<AlarmRule> {
  assertCanManageAlarmRules(actor);
  const body = { ...sent, matchers: wellFormedMatchers(sent.matchers) };
  checkMatchers(body.matchers);
  await checkGroup(db, body.group_id, body.sub_group_id);
  const id = await db.transaction(async (tx) => {
    await lockAlarmRuleChanges(tx);
    if ((await countAlarmRules(tx)) >= ALARM_RULES_MAX)
      throw new AppError('conflict', 'alarms.tooManyRules', { max: ALARM_RULES_MAX });
    const created = await insertAlarmRuleLast(tx, {
      name: body.name,
      matchers: body.matchers,
      groupId: body.group_id,
      subGroupId: body.sub_group_id,
      areaCodes: body.area_codes,
      publicNoteTemplate: body.public_note_template,
      restorationMessage: body.restoration_message,
      autoResolve: body.auto_resolve,
      createdBy: actor.id,
    });
    await audit(tx, actor, 'alarm_rule.create', `alarm_rule:${created}`, body);
    return created;
  });
  forgetRoutingRules(db);
  return viewOf(db, id);
}

/** The changed fields' values before and after (a field sent unchanged is no change). */
function changesOf(before: AlarmRuleCreate, after: AlarmRuleCreate) {
  const keys = (Object.keys(after) as (keyof AlarmRuleCreate)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Changes the fields sent: 404 unknown. The rule as it would be afterwards must still hold: its
 * expressions compile, its subgroup belongs to its live group, and auto-resolve has a restoration
 * message (400 naming the field). A change to nothing new writes nothing.
 */
export async function updateRule(db: Db, actor: Actor, id: string, sent: AlarmRuleUpdate): Promise<AlarmRule> {
  assertCanManageAlarmRules(actor);
  const body = sent.matchers ? { ...sent, matchers: wellFormedMatchers(sent.matchers) } : sent;
  if (body.matchers) checkMatchers(body.matchers);
  await db.transaction(async (tx) => {
    await lockAlarmRuleChanges(tx);
    const row = await lockAlarmRule(tx, id);
    if (!row) throw new AppError('not_found', 'alarms.ruleNotFound');
    const before = apiFieldsOf(row);
    const after: AlarmRuleCreate = { ...before, ...columnsToApi(body) };
    if (after.auto_resolve && after.restoration_message.length === 0)
      throw AppError.invalidField('restoration_message', 'alarms.restorationRequired');
    if (body.group_id !== undefined || body.sub_group_id !== undefined) await checkGroup(tx, after.group_id, after.sub_group_id);
    const changes = changesOf(before, after);
    if (Object.keys(changes.after).length === 0) return;
    await updateAlarmRule(tx, id, columnsOf(changes.after));
    await audit(tx, actor, 'alarm_rule.update', `alarm_rule:${id}`, changes);
  });
  forgetRoutingRules(db);
  return viewOf(db, id);
}

/** The fields the patch sends (undefined ones left out, so they do not overwrite). */
function columnsToApi(body: AlarmRuleUpdate): Partial<AlarmRuleCreate> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** Deletes a rule: 404 unknown. Its alarms become unrouted; its incidents ask staff on recovery. */
export async function deleteRule(db: Db, actor: Actor, id: string): Promise<void> {
  assertCanManageAlarmRules(actor);
  await db.transaction(async (tx) => {
    await lockAlarmRuleChanges(tx);
    const row = await lockAlarmRule(tx, id);
    if (!row || !(await deleteAlarmRule(tx, id))) throw new AppError('not_found', 'alarms.ruleNotFound');
    await audit(tx, actor, 'alarm_rule.delete', `alarm_rule:${id}`, { before: apiFieldsOf(row) });
  });
  forgetRoutingRules(db);
}

/** Puts the rules in the order sent, which must name every rule exactly once (409 otherwise); all or nothing. */
export async function reorderRules(db: Db, actor: Actor, ids: string[]): Promise<{ data: AlarmRule[] }> {
  assertCanManageAlarmRules(actor);
  await db.transaction(async (tx) => {
    await lockAlarmRuleChanges(tx);
    const current = await listAlarmRuleIds(tx);
    const known = new Set(current);
    if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      throw new AppError('conflict', 'alarms.orderMismatch');
    await setAlarmRuleOrder(tx, ids);
    await audit(tx, actor, 'alarm_rule.reorder', ORDER_TARGET, { before: current, after: ids });
  });
  forgetRoutingRules(db);
  return { data: (await listAlarmRules(db)).map(presentAlarmRule) };
}
