import { afterAll, expect, it } from 'vitest';
import type { WebhookEndpointCreatedReply } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { randomProductNumber, signedInAs } from '../../../test/factories.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receivers.ts';
import { alarms, incidents, outboxMessages } from '../../db/schema.ts';
import { OUTAGE, broadcastCalls, seedArea, seedSubscribers } from '../broadcasts/broadcasts.test-support.ts';
import { incidentCalls } from '../incidents/incidents.test-support.ts';
import { buildMetricsServer } from './metrics-server.ts';

const receivers: Receiver[] = [];

/** The value of one series of the text format (`name{labels} value`), or undefined. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeWithApp(
  'metrics',
  (ctx) => {
    afterAll(async () => {
      for (const receiver of receivers) await receiver.close();
    });

    async function scrape(): Promise<string> {
      const server = buildMetricsServer(ctx.app.deps.metrics.registry);
      try {
        const reply = await server.inject({ method: 'GET', url: '/metrics' });
        expect(reply.statusCode).toBe(200);
        expect(reply.headers['content-type']).toContain('text/plain');
        return reply.body;
      } finally {
        await server.close();
      }
    }

    // The first scrape of the suite reads the database; later ones within a few seconds keep its figures.
    it('shows the outbox, alarms and incidents from the database, with no recipient or text of a message', async () => {
      const recipient = randomProductNumber();
      await ctx.db.insert(outboxMessages).values({
        channel: 'sms',
        kind: 'reply',
        recipient,
        body: 'Your code is 482913',
        // Not due for an hour: this process's outbox worker leaves it waiting.
        dueAt: new Date(Date.now() + 3_600_000),
        createdAt: new Date(Date.now() - 120_000),
      });
      await ctx.db
        .insert(alarms)
        .values({ source: 'nms', key: `olt-${recipient}`, status: 'firing', summary: 'OLT down', labels: {} });
      await ctx.db.insert(incidents).values({ title: `Fibre cut near ${recipient}` });
      const text = await scrape();
      expect(seriesValue(text, 'switchboard_outbox_depth{channel="sms",queue="issuers"}')).toBe(1);
      expect(seriesValue(text, 'switchboard_outbox_depth{channel="email",queue="issuers"}')).toBe(0);
      expect(seriesValue(text, 'switchboard_outbox_oldest_age_seconds{channel="sms",queue="issuers"}')).toBeGreaterThanOrEqual(
        119,
      );
      expect(seriesValue(text, 'switchboard_alarms_firing')).toBe(1);
      expect(seriesValue(text, 'switchboard_incidents_active')).toBe(1);
      expect(seriesValue(text, 'switchboard_tickets_overdue')).toBe(0);
      expect(seriesValue(text, 'switchboard_tickets_due_soon')).toBe(0);
      expect(seriesValue(text, 'switchboard_event_streams_open')).toBe(0);
      expect(seriesValue(text, 'switchboard_db_pool_connections{state="max"}')).toBeGreaterThanOrEqual(1);
      expect(seriesValue(text, 'switchboard_metrics_database_read_errors_total')).toBe(0);
      for (const secret of [recipient, '482913', 'OLT down', 'Fibre cut']) expect(text).not.toContain(secret);
    });

    it('reads the database at most once in a few seconds: a scrape right after shows the kept figures', async () => {
      const before = seriesValue(await scrape(), 'switchboard_alarms_firing');
      await ctx.db
        .insert(alarms)
        .values({ source: 'nms', key: `olt-${randomProductNumber()}`, status: 'firing', summary: 'x', labels: {} });
      expect(seriesValue(await scrape(), 'switchboard_alarms_firing')).toBe(before);
    });

    it('counts requests by route pattern, method and status, never by the raw path', async () => {
      const number = randomProductNumber();
      await ctx.app.inject({ method: 'GET', url: '/healthz' });
      await ctx.app.inject({ method: 'GET', url: '/healthz' });
      await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/123456?number=${number}` });
      await ctx.app.inject({ method: 'GET', url: `/api/v1/no-such-thing/${number}` });
      const text = await scrape();
      expect(
        seriesValue(text, 'switchboard_http_request_duration_seconds_count{route="/healthz",method="GET",status="200"}'),
      ).toBe(2);
      expect(text).toMatch(
        /switchboard_http_request_duration_seconds_count\{route="\/api\/v1\/tickets\/get-ticket-by-id\/:id",method="GET",status="401"\} 1/,
      );
      expect(
        seriesValue(text, 'switchboard_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}'),
      ).toBe(1);
      expect(text).toContain(
        'switchboard_http_request_duration_seconds_bucket{le="0.005",route="/healthz",method="GET",status="200"}',
      );
      expect(text).not.toContain(number);
      expect(text).not.toContain('123456');
    });

    it('counts failed webhook attempts, with no address or secret of the endpoint', async () => {
      const admin = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
      const receiver = await startReceiver((_hook, response) => {
        response.statusCode = 500;
        response.end();
      });
      receivers.push(receiver);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/webhook-endpoints',
        headers: admin.headers,
        payload: { url: receiver.url, department: 'cc', events: ['ticket.created'] },
      });
      const { data, secret } = created.json<WebhookEndpointCreatedReply>();
      await ctx.app.inject({ method: 'POST', url: `/api/v1/webhook-endpoints/${data.id}/test`, headers: admin.headers });
      await ctx.app.webhookWorker.runOnce();
      const text = await scrape();
      expect(seriesValue(text, 'switchboard_webhook_delivery_failures_total{outcome="retry"}')).toBe(1);
      expect(seriesValue(text, 'switchboard_webhook_delivery_failures_total{outcome="failed"}')).toBe(0);
      expect(text).not.toContain(receiver.url);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(admin.token);
      expect(text).not.toContain(admin.user.productNumber);
    });

    it('counts the broadcast messages handed to the gateway, with no subscriber number', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      await seedArea(ctx.db, 'METRICS-1');
      const numbers = await seedSubscribers(ctx.db, 'METRICS-1', 3);
      const created = await incidentCalls(ctx.app).create(headers, { title: 'Cut', area_codes: ['METRICS-1'] });
      await broadcastCalls(ctx.app).create(headers, created.json<{ data: { id: number } }>().data.id, OUTAGE);
      expect(await ctx.app.broadcastSender.runOnce()).toBe(3);
      const text = await scrape();
      expect(seriesValue(text, 'switchboard_broadcast_messages_sent_total')).toBe(3);
      for (const number of numbers) expect(text).not.toContain(number);
    });

    it('is a 404 on the public port', async () => {
      const reply = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 'not_found' });
    });

    it('serves nothing but /metrics on its own listener', async () => {
      const server = buildMetricsServer(ctx.app.deps.metrics.registry);
      expect((await server.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
      expect((await server.inject({ method: 'GET', url: '/api/v1/tickets' })).statusCode).toBe(404);
      await server.close();
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_ALLOW_HTTP: 'on' }, webhooks: { autostart: false } },
);
