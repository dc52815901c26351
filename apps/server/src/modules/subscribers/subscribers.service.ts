/**
 * The subscriber directory (DESIGN.md §23): filled from the provider's billing system by an import
 * or one upsert (admins, or an API client with `subscribers:write`), searched by admins, and shown
 * to staff as a card beside a ticket's number.
 */
import {
  AppError,
  SUBSCRIBERS_PAGE_SIZE,
  canManageSubscribers,
  canSeeSubscriberCard,
  type SubscriberCard,
  type SubscriberFields,
  type SubscriberListQuery,
  type SubscriberListReply,
  type Subscriber,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { pageLinks } from '../../lib/pages.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { activeIncidentOfArea } from '../incidents/area-incidents.repository.ts';
import { holdAreaCodes } from './areas.repository.ts';
import { findSubscriberView, searchSubscriberViews, upsertSubscriber, type SubscriberView } from './subscribers.repository.ts';

/** Writes to the directory: admins, or an API client (the signed-in scope let it through only with `subscribers:write`). */
export function mayWriteSubscribers(actor: Actor): boolean {
  return actor.client !== null || canManageSubscribers(actor);
}

export function assertMayWriteSubscribers(actor: Actor): void {
  if (!mayWriteSubscribers(actor)) throw new AppError('forbidden', 'subscribers.clientsOrAdmins');
}

export function presentSubscriber(view: SubscriberView): Subscriber {
  return {
    number: view.number,
    name: view.name,
    area_code: view.areaCode,
    area_name_en: view.areaNameEn,
    area_name_bn: view.areaNameBn,
    plan: view.plan,
    status: view.status,
    language: view.language,
    external_id: view.externalId,
    opted_out_at: view.optedOutAt?.toISOString() ?? null,
    updated_at: view.updatedAt.toISOString(),
  };
}

/**
 * Inserts or updates the subscriber of `number` (400 naming `area_code` when no such area exists);
 * audited when something changed.
 */
export async function putSubscriber(db: Db, actor: Actor, number: string, body: SubscriberFields): Promise<Subscriber> {
  assertMayWriteSubscribers(actor);
  await db.transaction(async (tx) => {
    const areaCodes = await holdAreaCodes(tx);
    if (!areaCodes.has(body.area_code)) {
      const values = { code: body.area_code };
      throw new AppError('validation', 'subscribers.unknownArea', values, {
        area_code: `subscribers.unknownArea${JSON.stringify(values)}`,
      });
    }
    const changed = await upsertSubscriber(tx, { number, ...body, externalId: body.external_id });
    if (changed)
      await insertAuditEntry(tx, {
        actorUserId: actor.id,
        action: 'subscriber.upsert',
        target: `subscriber:${number}`,
        ip: actor.ip,
        details: { ...body, client_id: actor.client?.id ?? null },
      });
  });
  const view = await findSubscriberView(db, number);
  if (!view) throw new AppError('not_found', 'subscribers.subscriberNotFound');
  return presentSubscriber(view);
}

export async function listSubscribers(db: Db, actor: Actor, query: SubscriberListQuery): Promise<SubscriberListReply> {
  if (!canManageSubscribers(actor)) throw new AppError('forbidden', 'subscribers.adminsOnly');
  const { rows, total } = await searchSubscriberViews(
    db,
    { q: query.q, area: query.area },
    { offset: (query.page - 1) * SUBSCRIBERS_PAGE_SIZE, limit: SUBSCRIBERS_PAGE_SIZE },
  );
  return { data: rows.map(presentSubscriber), total, ...pageLinks(query.page, total, SUBSCRIBERS_PAGE_SIZE) };
}

/** What staff see beside a number: null for one the directory does not know. */
export async function subscriberCard(db: Db, actor: Actor, number: string): Promise<SubscriberCard | null> {
  if (!canSeeSubscriberCard(actor)) throw new AppError('forbidden', 'subscribers.staffOnly');
  const view = await findSubscriberView(db, number);
  if (!view) return null;
  const incident = await activeIncidentOfArea(db, view.areaCode);
  // The card is the subscriber without what only the directory's admins read.
  const {
    language: _language,
    external_id: _externalId,
    opted_out_at: _optedOut,
    updated_at: _updated,
    ...card
  } = presentSubscriber(view);
  return { ...card, active_incident: incident ? { id: incident.id, title: incident.title } : null };
}
