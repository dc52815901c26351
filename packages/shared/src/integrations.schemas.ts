/**
 * Request and reply schemas of the integration API (DESIGN.md §21): the clients that reach the desk
 * with a token, and the webhook endpoints that hear from it.
 */
import { z } from 'zod';
import { DEPARTMENTS } from './constants.ts';
import { msg } from './messages.ts';
import { pageNumberQuery, uuidSchema } from './common.schemas.ts';

/** What a client's token may do; an operation names the one it needs in OpenAPI. */
export const API_SCOPES = [
  'tickets:read',
  'tickets:write',
  'incidents:write',
  'alarms:write',
  'subscribers:write',
  'channels:inbound',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** A client's token: `sb_<client id>_<32 random bytes, base64url>`. */
export const API_TOKEN_PREFIX = 'sb_';
export const API_TOKEN_PATTERN = /^sb_([0-9a-f-]{36})_([A-Za-z0-9_-]{43})$/;

export const API_CLIENT_NAME_MAX_LENGTH = 80;
/** Clients that may exist (not revoked) at once. */
export const API_CLIENTS_MAX = 50;
/** A client's expiry is at most this many days away. */
export const API_CLIENT_MAX_DAYS = 3650;

/** POST /api-clients. */
export const apiClientCreateSchema = z.strictObject({
  name: z
    .string(msg('integrations.nameRequired'))
    .trim()
    .min(1, msg('integrations.nameRequired'))
    .max(API_CLIENT_NAME_MAX_LENGTH, msg('integrations.nameTooLong', { max: API_CLIENT_NAME_MAX_LENGTH })),
  /** The department whose staff rights the client acts with (DESIGN.md §6). */
  department: z.enum(DEPARTMENTS, msg('integrations.department')),
  scopes: z
    .array(z.enum(API_SCOPES, msg('integrations.scope')), msg('integrations.scopesRequired'))
    .min(1, msg('integrations.scopesRequired'))
    .max(API_SCOPES.length, msg('integrations.scope'))
    .refine((scopes) => new Set(scopes).size === scopes.length, msg('integrations.scope')),
  /** Whole days from now, or null: never. */
  expires_in_days: z
    .number(msg('integrations.expiry', { max: API_CLIENT_MAX_DAYS }))
    .int(msg('integrations.expiry', { max: API_CLIENT_MAX_DAYS }))
    .min(1, msg('integrations.expiry', { max: API_CLIENT_MAX_DAYS }))
    .max(API_CLIENT_MAX_DAYS, msg('integrations.expiry', { max: API_CLIENT_MAX_DAYS }))
    .nullable()
    .default(null),
});
export type ApiClientCreate = z.infer<typeof apiClientCreateSchema>;
export type ApiClientCreateInput = z.input<typeof apiClientCreateSchema>;

export const apiClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  department: z.enum(DEPARTMENTS),
  scopes: z.array(z.enum(API_SCOPES)),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiClient = z.infer<typeof apiClientSchema>;

/** The reply to a creation: the only time the token is ever shown. */
export const apiClientCreatedReplySchema = z.object({ data: apiClientSchema, token: z.string() });
export type ApiClientCreatedReply = z.infer<typeof apiClientCreatedReplySchema>;

/** GET /api-clients?page=: newest first, revoked ones too (greyed), 20 a page. */
export const API_CLIENTS_PAGE_SIZE = 20;
export const apiClientListQuerySchema = z.object({ page: pageNumberQuery() });
export const apiClientListReplySchema = z.object({
  data: z.array(apiClientSchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
});
export type ApiClientListReply = z.infer<typeof apiClientListReplySchema>;

export const apiClientParamsSchema = z.object({ id: uuidSchema });
/** DELETE /api-clients/{id}: the client, revoked (at once, in every process). */
export const apiClientReplySchema = z.object({ data: apiClientSchema });

/** What an endpoint may hear. */
export const WEBHOOK_EVENTS = [
  'ticket.created',
  'ticket.changed',
  'comment.added',
  'incident.changed',
  'alarm.changed',
  'broadcast.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event of "Send test event": delivered to one endpoint whatever it listens to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Endpoints that may exist at once. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** A secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const webhookUrlSchema = z
  .string(msg('integrations.url'))
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, msg('integrations.urlTooLong', { max: WEBHOOK_URL_MAX_LENGTH }))
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), msg('integrations.url'));

/** POST /webhook-endpoints and PATCH /webhook-endpoints/{id} (every field optional there). */
export const webhookEndpointCreateSchema = z.strictObject({
  /** `https` with a public address; the server checks the address again at every delivery. */
  url: webhookUrlSchema,
  description: z
    .string(msg('integrations.descriptionTooLong', { max: WEBHOOK_DESCRIPTION_MAX_LENGTH }))
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, msg('integrations.descriptionTooLong', { max: WEBHOOK_DESCRIPTION_MAX_LENGTH }))
    .default(''),
  /** The department whose staff would read the objects the payloads carry. */
  department: z.enum(DEPARTMENTS, msg('integrations.department')),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, msg('integrations.event')), msg('integrations.eventsRequired'))
    .min(1, msg('integrations.eventsRequired'))
    .max(WEBHOOK_EVENTS.length, msg('integrations.event'))
    .refine((events) => new Set(events).size === events.length, msg('integrations.event')),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;
export type WebhookEndpointCreateInput = z.input<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  description: webhookEndpointCreateSchema.shape.description.optional(),
  department: webhookEndpointCreateSchema.shape.department.optional(),
  events: webhookEndpointCreateSchema.shape.events.optional(),
  /** false: paused; true: on again (and a disabled endpoint starts afresh). */
  active: z.boolean(msg('integrations.active')).optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  department: z.enum(DEPARTMENTS),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  /** When deliveries began to fail without a success since; null when the last one went through. */
  failing_since: z.string().nullable(),
  /** When it was turned off after failing for 3 days; null while it is on or paused by hand. */
  disabled_at: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The reply to a creation: the secret is shown once, like a token. */
export const webhookEndpointCreatedReplySchema = z.object({ data: webhookEndpointSchema, secret: z.string() });
export type WebhookEndpointCreatedReply = z.infer<typeof webhookEndpointCreatedReplySchema>;
export const webhookEndpointReplySchema = z.object({ data: webhookEndpointSchema });
export const webhookEndpointListReplySchema = z.object({ data: z.array(webhookEndpointSchema) });
export type WebhookEndpointListReply = z.infer<typeof webhookEndpointListReplySchema>;
export const webhookEndpointParamsSchema = z.object({ id: uuidSchema });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** GET /webhook-endpoints/{id}/deliveries?page=: newest first, 20 a page. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
export const webhookDeliveryListQuerySchema = z.object({ page: pageNumberQuery() });
export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every attempt. */
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** The receiver's status code of the last attempt; null when it never answered. */
  status_code: z.number().nullable(),
  latency_ms: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListReplySchema = z.object({
  data: z.array(webhookDeliverySchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
});
export type WebhookDeliveryListReply = z.infer<typeof webhookDeliveryListReplySchema>;
export const webhookDeliveryParamsSchema = z.object({ id: uuidSchema, delivery_id: uuidSchema });
export const webhookDeliveryReplySchema = z.object({ data: webhookDeliverySchema });
