import { afterAll, expect, it } from 'vitest';
import type { WebhookEndpointCreatedReply } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { logLines } from '../../../test/log-lines.ts';
import { startReceiver, type Receiver } from '../../../test/webhook-receivers.ts';

const log = logLines();
const receivers: Receiver[] = [];

describeWithApp(
  'webhook secrets in the log',
  (ctx) => {
    afterAll(async () => {
      for (const receiver of receivers) await receiver.close();
    });

    it('never writes an endpoint secret to a log line, through creation, changes, deliveries and failures', async () => {
      const admin = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
      let answer = 500;
      const receiver = await startReceiver((_hook, response) => {
        response.statusCode = answer;
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
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/webhook-endpoints/${data.id}`,
        headers: admin.headers,
        payload: { description: 'x' },
      });
      await ctx.app.inject({ method: 'POST', url: `/api/v1/webhook-endpoints/${data.id}/test`, headers: admin.headers });
      await ctx.app.webhookWorker.runOnce();
      answer = 200;
      await ctx.app.inject({ method: 'POST', url: `/api/v1/webhook-endpoints/${data.id}/test`, headers: admin.headers });
      await ctx.app.webhookWorker.runOnce();
      expect(receiver.received.length).toBeGreaterThanOrEqual(2);
      const text = log.lines.join('');
      expect(text).toContain('webhook delivery failed');
      expect(text).toContain('webhook delivered');
      expect(text).not.toContain(secret.slice('whsec_'.length, 'whsec_'.length + 16));
      expect(text).not.toContain(receiver.received[0]?.headers['webhook-signature'] ?? 'no signature');
    });
  },
  {
    env: { WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_ALLOW_HTTP: 'on', LOG_LEVEL: 'info' },
    logger: { level: 'info', stream: log.stream },
    webhooks: { autostart: false },
  },
);
