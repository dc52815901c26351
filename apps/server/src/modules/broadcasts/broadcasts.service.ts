/**
 * Outage broadcasts (DESIGN.md §23): the rules of telling an incident's areas. The messages are
 * written here, all at once; the broadcast sender of every process sends them at the shared pace.
 */
import {
  AppError,
  BROADCASTS_PER_INCIDENT_MAX,
  canBroadcast,
  type Broadcast,
  type BroadcastCreate,
  type BroadcastKind,
  type BroadcastPreview,
} from '@switchboard/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { publishEvents } from '../events/publish.ts';
import {
  broadcastsSoFar,
  cancelBroadcastMessages,
  countAudience,
  findBroadcastView,
  findIncidentForBroadcast,
  insertBroadcast,
  listBroadcastViews,
  lockBroadcast,
  lockIncidentBroadcasts,
  queueBroadcastMessages,
  type BroadcastView,
} from './broadcasts.repository.ts';
import { quietUntil } from '../../lib/quiet-hours.ts';

export interface BroadcastsContext {
  db: Db;
  broadcasts: Config['broadcasts'];
  timezone: string;
  /** The clock quiet hours are read by (tests set it). */
  now?: () => Date;
}

export function presentBroadcast(view: BroadcastView): Broadcast {
  return {
    id: view.id,
    incident_id: view.incidentId,
    kind: view.kind,
    status: view.status,
    message_en: view.messageEn,
    message_bn: view.messageBn,
    recipients: view.recipients,
    sent: view.sent,
    failed: view.failed,
    delivered: view.delivered,
    created_by_name: view.createdByName,
    created_at: view.createdAt.toISOString(),
    finished_at: view.finishedAt?.toISOString() ?? null,
  };
}

function assertCanBroadcast(actor: Actor): void {
  if (!canBroadcast(actor)) throw new AppError('forbidden', 'broadcasts.staffOnly');
}

async function incidentOf(db: Db, incidentId: number) {
  const incident = await findIncidentForBroadcast(db, incidentId);
  if (!incident) throw new AppError('not_found', 'incidents.notFound');
  return incident;
}

/** What "Confirm" would do now: the numbers it reaches, how long at the rate, and when quiet hours let it start. */
export async function previewBroadcast(
  ctx: BroadcastsContext,
  actor: Actor,
  incidentId: number,
  kind: BroadcastKind,
): Promise<BroadcastPreview> {
  assertCanBroadcast(actor);
  const incident = await incidentOf(ctx.db, incidentId);
  const recipients = incident.areaCodes.length === 0 ? 0 : await countAudience(ctx.db, incidentId, kind, incident.areaCodes);
  const rate = ctx.broadcasts.ratePerSecond;
  const held = kind === 'restored' ? null : quietUntil(ctx.now?.() ?? new Date(), ctx.broadcasts.quietHours, ctx.timezone);
  return { recipients, seconds: Math.ceil(recipients / rate), rate_per_second: rate, starts_at: held?.toISOString() ?? null };
}

/**
 * Writes the broadcast and one message per subscriber it reaches, under the incident's lock so that
 * two processes or a double click send once: the second request finds the first still sending (409),
 * or nobody left to tell.
 */
export async function createBroadcast(
  ctx: BroadcastsContext,
  actor: Actor,
  incidentId: number,
  body: BroadcastCreate,
): Promise<Broadcast> {
  assertCanBroadcast(actor);
  const id = await ctx.db.transaction(async (tx) => {
    await lockIncidentBroadcasts(tx, incidentId);
    const incident = await incidentOf(tx, incidentId);
    if (incident.areaCodes.length === 0) throw new AppError('conflict', 'broadcasts.noAreas');
    if (incident.status !== 'active' && body.kind !== 'restored')
      throw new AppError('conflict', 'broadcasts.resolvedOnlyRestored');
    const soFar = await broadcastsSoFar(tx, incidentId, body.kind);
    if (soFar.sendingOfKind > 0) throw new AppError('conflict', 'broadcasts.stillSending');
    if (soFar.total >= BROADCASTS_PER_INCIDENT_MAX)
      throw new AppError('conflict', 'broadcasts.tooMany', { max: BROADCASTS_PER_INCIDENT_MAX });
    const broadcast = await insertBroadcast(tx, {
      incidentId,
      kind: body.kind,
      messageEn: body.message_en,
      messageBn: body.message_bn,
      createdBy: actor.id,
    });
    const recipients = await queueBroadcastMessages(tx, broadcast, incident.areaCodes);
    // Nothing was written that stays: the rollback takes the empty broadcast with it.
    if (recipients === 0) throw new AppError('conflict', 'broadcasts.nobodyLeft');
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'broadcast.create',
      target: `incident:${incidentId}`,
      ip: actor.ip,
      details: { broadcast_id: broadcast.id, kind: body.kind, recipients, area_codes: incident.areaCodes },
    });
    await publishEvents(tx, [{ event: 'broadcast.changed', incident_id: incidentId, broadcast_id: broadcast.id }]);
    return broadcast.id;
  });
  return getBroadcast(ctx.db, incidentId, id);
}

export async function getBroadcast(db: Db, incidentId: number, broadcastId: string): Promise<Broadcast> {
  const view = await findBroadcastView(db, incidentId, broadcastId);
  if (!view) throw new AppError('not_found', 'broadcasts.notFound');
  return presentBroadcast(view);
}

export async function listBroadcasts(ctx: BroadcastsContext, actor: Actor, incidentId: number): Promise<Broadcast[]> {
  assertCanBroadcast(actor);
  await incidentOf(ctx.db, incidentId);
  return (await listBroadcastViews(ctx.db, incidentId)).map(presentBroadcast);
}

/** Stops a sending broadcast: its waiting messages are cancelled (those on their way still go). Audited. */
export async function cancelBroadcast(
  ctx: BroadcastsContext,
  actor: Actor,
  incidentId: number,
  broadcastId: string,
): Promise<Broadcast> {
  assertCanBroadcast(actor);
  await ctx.db.transaction(async (tx) => {
    const broadcast = await lockBroadcast(tx, incidentId, broadcastId);
    if (!broadcast) throw new AppError('not_found', 'broadcasts.notFound');
    if (broadcast.status !== 'sending') throw new AppError('conflict', 'broadcasts.notSending');
    const cancelled = await cancelBroadcastMessages(tx, broadcastId);
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'broadcast.cancel',
      target: `incident:${incidentId}`,
      ip: actor.ip,
      details: { broadcast_id: broadcastId, kind: broadcast.kind, cancelled },
    });
    await publishEvents(tx, [{ event: 'broadcast.changed', incident_id: incidentId, broadcast_id: broadcastId }]);
  });
  return getBroadcast(ctx.db, incidentId, broadcastId);
}
