/**
 * Webhook endpoints (DESIGN.md §21), kept by admins: an address that must be `https` and public
 * (checked here and again at every delivery), the events it hears, the department whose staff read
 * the objects it is sent, and a secret shown once. Every change is audited; the secret never is.
 */
import { randomBytes } from 'node:crypto';
import {
  AppError,
  canManageIntegrations,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_PREFIX,
  type WebhookDelivery,
  type WebhookDeliveryListReply,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointCreatedReply,
  type WebhookEndpointUpdate,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { pageLinks } from '../../lib/pages.ts';
import { resolveCheckedAddress, systemResolver, UrlRefused, type OutgoingPolicy, type Resolver } from '../../lib/guarded-http.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry, type AuditEntry } from '../audit/audit.repository.ts';
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  insertTestDelivery,
  listDeliveriesPage,
  listEndpoints,
  lockEndpointCreations,
  redueDelivery,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository.ts';

export interface WebhooksContext {
  db: Db;
  /** WEBHOOK_ALLOW_PRIVATE and WEBHOOK_ALLOW_HTTP. */
  policy: OutgoingPolicy;
  /** How names are resolved (tests hand in their own). */
  resolve?: Resolver;
  /** Wakes this process's delivery worker after a test event or a redelivery. */
  wake?: () => void;
}

export function assertCanManageWebhooks(viewer: Actor): void {
  if (!canManageIntegrations(viewer)) throw new AppError('forbidden', 'integrations.forbidden');
}

function presentEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    department: row.department,
    events: row.events,
    active: row.active,
    created_by_name: row.createdByName,
    created_at: row.createdAt.toISOString(),
    failing_since: row.failingSince?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    status_code: row.statusCode,
    latency_ms: row.latencyMs,
    error: row.lastError,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.dueAt.toISOString() : null,
  };
}

/** Refuses an address that is not `https` or does not resolve to public addresses only (400). */
async function checkUrl(ctx: WebhooksContext, url: string): Promise<void> {
  try {
    await resolveCheckedAddress(new URL(url), ctx.policy, ctx.resolve ?? systemResolver);
  } catch (error) {
    if (error instanceof UrlRefused)
      throw new AppError('validation', error.reason === 'not_https' ? 'webhooks.urlNotHttps' : 'webhooks.urlNotPublic');
    throw new AppError('validation', 'webhooks.urlNotPublic');
  }
}

/** A new secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
function newSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function audit(actor: Actor, action: AuditEntry['action'], endpointId: string, details?: Record<string, unknown>): AuditEntry {
  return { actorUserId: actor.id, action, target: `webhook:${endpointId}`, ip: actor.ip, details };
}

async function mustFindEndpoint(db: Db, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(db, id);
  if (!row) throw new AppError('not_found', 'webhooks.endpointNotFound');
  return row;
}

export async function listWebhookEndpoints(ctx: WebhooksContext, actor: Actor): Promise<{ data: WebhookEndpoint[] }> {
  assertCanManageWebhooks(actor);
  return { data: (await listEndpoints(ctx.db)).map(presentEndpoint) };
}

export async function createWebhookEndpoint(
  ctx: WebhooksContext,
  actor: Actor,
  body: WebhookEndpointCreate,
): Promise<WebhookEndpointCreatedReply> {
  assertCanManageWebhooks(actor);
  await checkUrl(ctx, body.url);
  const secret = newSecret();
  const id = await ctx.db.transaction(async (tx) => {
    await lockEndpointCreations(tx);
    if ((await countEndpoints(tx)) >= WEBHOOK_ENDPOINTS_MAX)
      throw new AppError('conflict', 'webhooks.tooManyEndpoints', { max: WEBHOOK_ENDPOINTS_MAX });
    const created = await insertEndpoint(tx, { ...body, secret, createdBy: actor.id });
    const { url, description, department, events } = body;
    await insertAuditEntry(tx, audit(actor, 'webhook.create', created, { url, description, department, events }));
    return created;
  });
  return { data: presentEndpoint(await mustFindEndpoint(ctx.db, id)), secret };
}

export async function updateWebhookEndpoint(
  ctx: WebhooksContext,
  actor: Actor,
  id: string,
  body: WebhookEndpointUpdate,
): Promise<WebhookEndpoint> {
  assertCanManageWebhooks(actor);
  if (body.url !== undefined) await checkUrl(ctx, body.url);
  await ctx.db.transaction(async (tx) => {
    // Turned on again by hand: it starts afresh.
    const restart = body.active === true ? { failingSince: null, disabledAt: null } : {};
    if (!(await updateEndpoint(tx, id, { ...body, ...restart }))) throw new AppError('not_found', 'webhooks.endpointNotFound');
    await insertAuditEntry(tx, audit(actor, 'webhook.update', id, { ...body }));
  });
  return presentEndpoint(await mustFindEndpoint(ctx.db, id));
}

export async function deleteWebhookEndpoint(ctx: WebhooksContext, actor: Actor, id: string): Promise<void> {
  assertCanManageWebhooks(actor);
  await ctx.db.transaction(async (tx) => {
    const row = await findEndpoint(tx, id);
    if (!row || !(await deleteEndpoint(tx, id))) throw new AppError('not_found', 'webhooks.endpointNotFound');
    await insertAuditEntry(tx, audit(actor, 'webhook.delete', id, { url: row.url }));
  });
}

export async function listWebhookDeliveries(
  ctx: WebhooksContext,
  actor: Actor,
  endpointId: string,
  page: number,
): Promise<WebhookDeliveryListReply> {
  assertCanManageWebhooks(actor);
  await mustFindEndpoint(ctx.db, endpointId);
  const size = WEBHOOK_DELIVERIES_PAGE_SIZE;
  const { rows, total } = await listDeliveriesPage(ctx.db, endpointId, (page - 1) * size, size);
  return { data: rows.map(presentDelivery), total, ...pageLinks(page, total, size) };
}

/** "Send test event": a `webhook.test` delivery to this endpoint, whatever it listens to. */
export async function sendTestEvent(ctx: WebhooksContext, actor: Actor, endpointId: string): Promise<WebhookDelivery> {
  assertCanManageWebhooks(actor);
  const delivery = await ctx.db.transaction(async (tx) => {
    if (!(await findEndpoint(tx, endpointId))) throw new AppError('not_found', 'webhooks.endpointNotFound');
    const row = await insertTestDelivery(tx, endpointId);
    await insertAuditEntry(tx, audit(actor, 'webhook.test', endpointId, { delivery_id: row.id }));
    return row;
  });
  ctx.wake?.();
  return presentDelivery(delivery);
}

/** "Redeliver": the delivery is due again now, with the same `webhook-id` and body. */
export async function redeliver(
  ctx: WebhooksContext,
  actor: Actor,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  assertCanManageWebhooks(actor);
  const delivery = await ctx.db.transaction(async (tx) => {
    if (!(await findDelivery(tx, endpointId, deliveryId))) throw new AppError('not_found', 'webhooks.deliveryNotFound');
    const row = await redueDelivery(tx, endpointId, deliveryId);
    if (!row) throw new AppError('not_found', 'webhooks.deliveryNotFound');
    await insertAuditEntry(tx, audit(actor, 'webhook.redeliver', endpointId, { delivery_id: deliveryId }));
    return row;
  });
  ctx.wake?.();
  return presentDelivery(delivery);
}
