import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryListReply,
  type WebhookEndpointCreatedReply,
  type WebhookEndpointListReply,
} from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { auditLog, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

type Headers = Record<string, string>;
const PUBLIC_URL = 'https://1.1.1.1/hooks';

describeWithApp('webhook endpoints', (ctx) => {
  const admin = () => signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const create = async (headers: Headers, fields: object = {}) => {
    const reply = await call('POST', '/webhook-endpoints', headers, {
      url: PUBLIC_URL,
      department: 'cc',
      events: ['ticket.created'],
      ...fields,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<WebhookEndpointCreatedReply>();
  };

  it('creates an endpoint and shows its secret once, never in the audit trail', async () => {
    const { headers } = await admin();
    const created = await create(headers, { description: 'Billing', events: ['ticket.created', 'comment.added'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    expect(created.data).toMatchObject({ url: PUBLIC_URL, description: 'Billing', active: true, failing_since: null });
    const list = (await call('GET', '/webhook-endpoints', headers)).json<WebhookEndpointListReply>();
    expect(list.data.find((endpoint) => endpoint.id === created.data.id)).toEqual(created.data);
    expect(JSON.stringify(list)).not.toContain(created.secret.slice(6));
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `webhook:${created.data.id}`));
    expect(audits.map((row) => row.action)).toEqual(['webhook.create']);
    expect(JSON.stringify(audits)).not.toContain(created.secret.slice(6));
  });

  it('changes, pauses and deletes an endpoint, each audited', async () => {
    const { headers } = await admin();
    const { data } = await create(headers);
    const changed = await call('PATCH', `/webhook-endpoints/${data.id}`, headers, {
      events: ['incident.changed'],
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ data: { events: ['incident.changed'], active: false } });
    expect((await call('DELETE', `/webhook-endpoints/${data.id}`, headers)).statusCode).toBe(204);
    expect((await call('DELETE', `/webhook-endpoints/${data.id}`, headers)).statusCode).toBe(404);
    const actions = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `webhook:${data.id}`));
    expect(actions.map((row) => row.action).sort()).toEqual(['webhook.create', 'webhook.delete', 'webhook.update']);
  });

  it('refuses an address that is not https or not public (400)', async () => {
    const { headers } = await admin();
    for (const [url, key] of [
      ['http://1.1.1.1/hooks', 'A webhook address must start with https://'],
      ['https://169.254.169.254/latest/meta-data', 'A webhook address must reach a public internet address'],
      ['https://127.0.0.1/hooks', 'A webhook address must reach a public internet address'],
      ['https://[::ffff:10.0.0.1]/hooks', 'A webhook address must reach a public internet address'],
      ['https://localhost/hooks', 'A webhook address must reach a public internet address'],
    ]) {
      const reply = await call('POST', '/webhook-endpoints', headers, { url, department: 'cc', events: ['ticket.created'] });
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json<{ message: string }>().message).toBe(key);
    }
    const { data } = await create(headers);
    const patched = await call('PATCH', `/webhook-endpoints/${data.id}`, headers, { url: 'https://192.168.1.1/' });
    expect(patched.statusCode).toBe(400);
  });

  it('refuses bad input (400), unknown ids (404) and anybody but an admin (403)', async () => {
    const { headers } = await admin();
    const bad = await call('POST', '/webhook-endpoints', headers, { url: PUBLIC_URL, department: 'cc', events: ['nope'] });
    expect(bad.statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('PATCH', `/webhook-endpoints/${unknown}`, headers, { active: false })).statusCode).toBe(404);
    expect((await call('GET', `/webhook-endpoints/${unknown}/deliveries`, headers)).statusCode).toBe(404);
    expect((await call('POST', `/webhook-endpoints/${unknown}/test`, headers)).statusCode).toBe(404);
    const { data } = await create(headers);
    expect((await call('POST', `/webhook-endpoints/${data.id}/deliveries/${unknown}/redeliver`, headers)).statusCode).toBe(404);
    for (const [userType, role] of [
      ['cc', 'support'],
      ['iptsp', 'moderator'],
      ['customer', 'user'],
      ['agent', 'user'],
    ] as const) {
      const other = await signedInAs(ctx.app, ctx.db, { userType, role });
      expect((await call('GET', '/webhook-endpoints', other.headers)).statusCode).toBe(403);
      expect((await call('POST', `/webhook-endpoints/${data.id}/test`, other.headers)).statusCode).toBe(403);
    }
    expect((await call('GET', '/webhook-endpoints', {})).statusCode).toBe(401);
  });

  it(`allows at most ${WEBHOOK_ENDPOINTS_MAX} endpoints`, async () => {
    const { headers } = await admin();
    await ctx.db.delete(webhookEndpoints);
    for (let n = 0; n < WEBHOOK_ENDPOINTS_MAX; n++) await create(headers);
    const reply = await call('POST', '/webhook-endpoints', headers, {
      url: PUBLIC_URL,
      department: 'cc',
      events: ['ticket.created'],
    });
    expect(reply.statusCode).toBe(409);
    await ctx.db.delete(webhookEndpoints);
  });

  it('documents every event and its payload in the OpenAPI 3.1 webhooks section', async () => {
    type Doc = {
      openapi: string;
      webhooks: Record<
        string,
        {
          post: {
            parameters: { name: string }[];
            requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
          };
        }
      >;
    };
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].sort());
    const created = doc.webhooks['ticket.created']?.post;
    expect(created?.parameters.map((parameter) => parameter.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const body = created?.requestBody.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(['type', 'timestamp', 'data']);
    expect(JSON.stringify(body?.properties.data)).toContain('ticket_id');
    expect(JSON.stringify(doc.webhooks['comment.added'])).toContain('is_internal');
  });

  it('queues a test event and redelivers with the same id', async () => {
    const { headers } = await admin();
    const { data } = await create(headers, { events: ['incident.changed'] });
    const test = await call('POST', `/webhook-endpoints/${data.id}/test`, headers);
    expect(test.statusCode, test.body).toBe(202);
    const delivery = test.json<{ data: { id: string; event: string; status: string } }>().data;
    expect(delivery).toMatchObject({ event: 'webhook.test', status: 'pending' });
    await ctx.db
      .update(webhookDeliveries)
      .set({ status: 'failed', attempts: 7 })
      .where(and(eq(webhookDeliveries.id, delivery.id)));
    const again = await call('POST', `/webhook-endpoints/${data.id}/deliveries/${delivery.id}/redeliver`, headers);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ data: { id: delivery.id, status: 'pending', attempts: 0 } });
    const log = (await call('GET', `/webhook-endpoints/${data.id}/deliveries?page=1`, headers)).json<WebhookDeliveryListReply>();
    expect(log.data.map((row) => row.id)).toEqual([delivery.id]);
    expect(log).toMatchObject({ total: 1, total_pages: 1, previous_page: null, next_page: null });
  });
});
