/**
 * The `webhooks` section of the OpenAPI 3.1 document (DESIGN.md §21): each event a receiver may
 * hear, its Standard Webhooks headers and its body, built from the same shared schemas as the API's
 * replies, so that a receiver can be generated from /api/docs.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';
import { commentSchema, incidentDetailSchema, ticketSchema, WEBHOOK_TEST_EVENT, type WebhookEvent } from '@switchboard/shared';

const EVENT_DATA: Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, { summary: string; data: z.ZodType }> = {
  'ticket.created': { summary: 'A ticket was issued', data: ticketSchema },
  'ticket.changed': { summary: "A ticket's status, holder, assignee or incident changed", data: ticketSchema },
  'comment.added': { summary: 'An external comment was added to a ticket', data: commentSchema },
  'incident.changed': { summary: 'An incident was created, changed, linked or resolved', data: incidentDetailSchema },
  'alarm.changed': { summary: 'A network alarm changed (DESIGN.md §22; not sent yet)', data: z.record(z.string(), z.unknown()) },
  'broadcast.finished': {
    summary: 'A broadcast to subscribers finished (DESIGN.md §23; not sent yet)',
    data: z.record(z.string(), z.unknown()),
  },
  [WEBHOOK_TEST_EVENT]: {
    summary: '"Send test event": sent to one endpoint whatever it listens to',
    data: z.object({ endpoint_id: z.string() }),
  },
};

const HEADERS = [
  { name: 'webhook-id', description: 'The delivery id: the same on every attempt (deduplicate by it)' },
  { name: 'webhook-timestamp', description: 'Seconds since the epoch when this attempt was signed' },
  {
    name: 'webhook-signature',
    description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body">, keyed with the base64-decoded part of the secret after whsec_',
  },
].map((header) => ({ ...header, in: 'header', required: true, schema: { type: 'string' } }));

function bodySchemaOf(event: string, data: z.ZodType) {
  return z.toJSONSchema(
    z.object({
      type: z.literal(event),
      timestamp: z.string().describe('When the event happened (ISO 8601)'),
      data: data.describe('The object as a staff member of the endpoint’s department reads it through the API'),
    }),
    { target: 'draft-2020-12', unrepresentable: 'any', io: 'output' },
  );
}

type OpenApiDocument = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;
type WebhooksObject = NonNullable<Extract<OpenApiDocument, { webhooks?: unknown }>['webhooks']>;

/** The document's `webhooks`: one POST per event. */
export function webhooksDocument(): WebhooksObject {
  return Object.fromEntries(
    Object.entries(EVENT_DATA).map(([event, { summary, data }]) => [
      event,
      {
        post: {
          summary,
          description:
            'Delivered at least once, in order per ticket or incident; retried after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h unless the receiver answers 2xx within 10 s. Redirects are not followed.',
          parameters: HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: bodySchemaOf(event, data) } } },
          responses: { '2XX': { description: 'Received; any other answer (a redirect too) is retried' } },
        },
      },
    ]),
  ) as WebhooksObject;
}
