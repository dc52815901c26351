/**
 * Network alarms (DESIGN.md §22): a delivery's alarms kept by key, a new firing routed by the rules
 * into the active incident of its subgroup and areas (or one it opens), a resolve starting its
 * incident's hold-down. One transaction a delivery, a few statements however many alarms it holds.
 */
import {
  ALARM_DELIVERIES_KEPT,
  ALARMS_PAGE_SIZE,
  AppError,
  canSeeAlarms,
  type Alarm,
  type AlarmDeliveryListReply,
  type AlarmIntakeReply,
  type AlarmListQuery,
  type AlarmListReply,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { pageLinks } from '../../lib/pages.ts';
import type { Actor } from '../../plugins/auth.ts';
import { routingRules, type AlarmRuleRow, type RoutingRules } from '../alarm-rules/routing-rules.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { publishEvents, type AlarmEvent, type PublishedEvent } from '../events/publish.ts';
import {
  cancelAlarmRecovery,
  findActiveIncidentOf,
  lockAlarmIncidentPlace,
  startAlarmHoldDown,
} from '../incidents/incident-alarms.repository.ts';
import { insertIncident } from '../incidents/incidents.repository.ts';
import { incidentTitleOf, publicNoteOf, type IncomingAlarm } from './alarm-intake.ts';
import {
  countFiringOfClientBesides,
  findAlarmRow,
  findKnownAlarms,
  listAlarmPage,
  listDeliveryPage,
  logDelivery,
  touchAlarms,
  upsertAlarms,
  type AlarmWrite,
  type KnownAlarm,
} from './alarms.repository.ts';
import { presentAlarm, presentDelivery } from './alarms.presenter.ts';

export interface AlarmsContext {
  db: Db;
  /** Firing alarms one client may hold (config ALARM_FIRING_PER_CLIENT_MAX). */
  firingPerClientMax: number;
}

type Tx = Db;
type IntakeSummary = AlarmIntakeReply['data'];

const keyOf = (alarm: { source: string; key: string }) => `${alarm.source}\u0000${alarm.key}`;

/** A delivery's alarms by what they do: fire (new or again), repeat, or resolve. */
interface Sorted {
  firing: IncomingAlarm[];
  resolved: IncomingAlarm[];
  repeatIds: string[];
  known: Map<string, KnownAlarm>;
}

function sortDelivery(incoming: IncomingAlarm[], knownRows: KnownAlarm[]): Sorted {
  const known = new Map(knownRows.map((row) => [keyOf(row), row]));
  const sorted: Sorted = { firing: [], resolved: [], repeatIds: [], known };
  for (const alarm of incoming) {
    const before = known.get(keyOf(alarm));
    if (before && before.status === alarm.status) sorted.repeatIds.push(before.id);
    else if (alarm.status === 'firing') sorted.firing.push(alarm);
    else sorted.resolved.push(alarm);
  }
  return sorted;
}

/** Refuses the whole delivery (429) when it would leave the client with more firing alarms than its cap. */
async function checkFlood(tx: Tx, ctx: AlarmsContext, clientId: string, incoming: IncomingAlarm[], sorted: Sorted) {
  if (sorted.firing.length === 0) return;
  const besides = await countFiringOfClientBesides(tx, clientId, incoming);
  const firing = incoming.filter((alarm) => alarm.status === 'firing').length;
  if (besides + firing > ctx.firingPerClientMax)
    throw new AppError('rate_limited', 'alarms.tooManyFiring', { max: ctx.firingPerClientMax });
}

interface Routed {
  /** Incident of each routed firing alarm, by key. */
  incidentOf: Map<string, number>;
  ruleOf: Map<string, AlarmRuleRow>;
  opened: number[];
  joined: number[];
}

/**
 * Opens the rule's incident for its first alarm: title from the summary, the rule's place and
 * public note, opened by the alarm and audited as the posting client's act.
 */
async function openIncident(tx: Tx, actor: Actor, rule: AlarmRuleRow, alarms: IncomingAlarm[]): Promise<number> {
  const [first] = alarms;
  if (!first) throw new Error('an incident needs an alarm to open it');
  const incident = await insertIncident(tx, {
    title: incidentTitleOf(first),
    groupId: rule.groupId,
    subGroupId: rule.subGroupId,
    areaCodes: rule.areaCodes,
    alarmRuleId: rule.id,
    openedBy: 'alarm',
    createdBy: null,
    publicNote: publicNoteOf(rule.publicNoteTemplate, first),
  });
  await insertAuditEntry(tx, {
    actorUserId: actor.id,
    action: 'incident.create',
    target: `incident:${incident.id}`,
    ip: actor.ip,
    details: { opened_by: 'alarm', rule_id: rule.id, alarm_keys: alarms.map((alarm) => alarm.key) },
  });
  return incident.id;
}

/**
 * Routes the firing alarms: each rule's alarms join the active incident of its place or open one,
 * under a lock per place taken in one order (no two deliveries deadlock or open twice).
 */
async function routeFiring(tx: Tx, actor: Actor, routing: RoutingRules, firing: IncomingAlarm[]): Promise<Routed> {
  const byRule = new Map<string, { rule: AlarmRuleRow; alarms: IncomingAlarm[] }>();
  const routed: Routed = { incidentOf: new Map(), ruleOf: new Map(), opened: [], joined: [] };
  for (const alarm of firing) {
    const rule = routing.route(alarm.labels);
    if (!rule) continue;
    routed.ruleOf.set(keyOf(alarm), rule);
    const group = byRule.get(rule.id) ?? { rule, alarms: [] };
    group.alarms.push(alarm);
    byRule.set(rule.id, group);
  }
  const placeOf = (rule: AlarmRuleRow) => rule.subGroupId ?? rule.groupId;
  const groups = [...byRule.values()].sort((a, b) => placeOf(a.rule).localeCompare(placeOf(b.rule)));
  for (const { rule, alarms } of groups) {
    const place = { groupId: rule.groupId, subGroupId: rule.subGroupId, areaCodes: rule.areaCodes };
    await lockAlarmIncidentPlace(tx, place);
    let incidentId = await findActiveIncidentOf(tx, place);
    if (incidentId === undefined) {
      incidentId = await openIncident(tx, actor, rule, alarms);
      routed.opened.push(incidentId);
    } else if (!routed.opened.includes(incidentId) && !routed.joined.includes(incidentId)) routed.joined.push(incidentId);
    for (const alarm of alarms) routed.incidentOf.set(keyOf(alarm), incidentId);
  }
  // A firing joining an incident cancels its hold-down or recovery prompt (flapping).
  await cancelAlarmRecovery(tx, routed.joined);
  return routed;
}

/** One alarm.changed per changed alarm (webhooks); the first of each incident is also heard live. */
function alarmEvents(changed: { id: string; incidentId: number | null }[]): AlarmEvent[] {
  const heard = new Set<number | null>();
  return changed.map((alarm) => {
    const live = !heard.has(alarm.incidentId);
    heard.add(alarm.incidentId);
    return {
      event: 'alarm.changed',
      alarm_id: alarm.id,
      live,
      ...(alarm.incidentId === null ? {} : { incident_id: alarm.incidentId }),
    };
  });
}

/**
 * Takes one delivery of `source` from the client behind `actor`: in one transaction, or nothing at
 * all when it is refused (a flood: 429).
 */
export async function takeDelivery(
  ctx: AlarmsContext,
  actor: Actor,
  source: string,
  incoming: IncomingAlarm[],
  now = new Date(),
): Promise<IntakeSummary> {
  const client = actor.client;
  if (!client) throw new AppError('forbidden', 'alarms.clientsOnly');
  // Read through the database itself: the rules are kept per database, not per transaction.
  const routing = await routingRules(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const sorted = sortDelivery(incoming, await findKnownAlarms(tx, incoming));
    await checkFlood(tx, ctx, client.id, incoming, sorted);
    const routed = await routeFiring(tx, actor, routing, sorted.firing);
    const writes: AlarmWrite[] = [...sorted.firing, ...sorted.resolved].map((alarm) => ({
      ...alarm,
      incident_id: routed.incidentOf.get(keyOf(alarm)) ?? null,
      rule_id: routed.ruleOf.get(keyOf(alarm))?.id ?? null,
    }));
    const changed = await upsertAlarms(tx, client.id, writes, now);
    await touchAlarms(tx, sorted.repeatIds, now);
    const resolvedIncidents = sorted.resolved.flatMap((alarm) => sorted.known.get(keyOf(alarm))?.incidentId ?? []);
    const cleared = await startAlarmHoldDown(tx, [...new Set(resolvedIncidents)], now);
    const firingCount = sorted.firing.length;
    await logDelivery(
      tx,
      {
        receivedAt: now,
        source,
        clientId: client.id,
        alarms: incoming.length,
        firing: firingCount,
        resolved: sorted.resolved.length,
      },
      ALARM_DELIVERIES_KEPT,
    );
    const touched = [...new Set([...routed.opened, ...routed.joined, ...cleared])];
    const events: PublishedEvent[] = [
      ...alarmEvents(changed),
      ...touched.map((id): PublishedEvent => ({ event: 'incident.changed', incident_id: id })),
    ];
    await publishEvents(tx, events);
    return {
      received: incoming.length,
      firing: firingCount,
      resolved: sorted.resolved.length,
      repeated: sorted.repeatIds.length,
      unrouted: firingCount - routed.incidentOf.size,
      opened_incident_ids: routed.opened,
      joined_incident_ids: routed.joined,
    };
  });
}

function assertCanSeeAlarms(viewer: Actor): void {
  if (!canSeeAlarms(viewer)) throw new AppError('forbidden', 'alarms.staffOnly');
}

export async function listAlarms(ctx: Pick<AlarmsContext, 'db'>, viewer: Actor, query: AlarmListQuery): Promise<AlarmListReply> {
  assertCanSeeAlarms(viewer);
  const { rows, total } = await listAlarmPage(ctx.db, query.view, (query.page - 1) * ALARMS_PAGE_SIZE, ALARMS_PAGE_SIZE);
  return { data: rows.map(presentAlarm), total, ...pageLinks(query.page, total, ALARMS_PAGE_SIZE) };
}

export async function listAlarmDeliveries(
  ctx: Pick<AlarmsContext, 'db'>,
  viewer: Actor,
  page: number,
): Promise<AlarmDeliveryListReply> {
  assertCanSeeAlarms(viewer);
  const { rows, total } = await listDeliveryPage(ctx.db, (page - 1) * ALARMS_PAGE_SIZE, ALARMS_PAGE_SIZE);
  return { data: rows.map(presentDelivery), total, ...pageLinks(page, total, ALARMS_PAGE_SIZE) };
}

/** One alarm as staff read it (a webhook's payload); 404 when it is gone. */
export async function getAlarm(ctx: Pick<AlarmsContext, 'db'>, viewer: Actor, id: string): Promise<Alarm> {
  assertCanSeeAlarms(viewer);
  const row = await findAlarmRow(ctx.db, id);
  if (!row) throw new AppError('not_found', 'alarms.notFound');
  return presentAlarm(row);
}
