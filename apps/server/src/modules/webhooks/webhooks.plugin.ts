/**
 * This process's webhook worker (DESIGN.md §21), from ready to close, woken by the routes' bell
 * (a test event, a redelivery) and by its poll. Registered by app.ts.
 */
import fp from 'fastify-plugin';
import type { Resolver } from '../../lib/guarded-http.ts';
import type { OutboxBell } from '../notifications/outbox-bell.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import { createWebhookWorker, type WebhookWorker } from './webhook-worker.ts';

export interface WebhookWorkerSettings {
  bell: OutboxBell;
  /** Tests: a resolver of their own (DNS rebinding) and a shorter timeout. */
  resolve?: Resolver;
  timeoutMs?: number;
  /** false: the worker sends only when runOnce is called (tests that must reach no receiver). */
  autostart?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook worker of this process (tests drive it with runOnce). */
    webhookWorker: WebhookWorker;
  }
}

export default fp(
  async (app, settings: WebhookWorkerSettings) => {
    const { config, db, tell } = app.deps;
    const worker = createWebhookWorker({
      db,
      payloads: {
        tickets: { db, storage: storageDriverFor(config), timezone: config.timezone, log: app.log },
        incidents: { db, incidents: config.incidents, tell },
      },
      policy: config.webhooks,
      log: app.log,
      pollMs: config.webhooks.pollMs,
      timeoutMs: settings.timeoutMs,
      resolve: settings.resolve,
      bell: settings.bell,
      onFailure: (outcome) => app.deps.metrics.webhookFailures.inc({ outcome }),
    });
    app.decorate('webhookWorker', worker);
    app.addHook('onReady', async () => {
      if (config.isProduction && (config.webhooks.allowPrivate || config.webhooks.allowHttp))
        app.log.warn(
          { allow_private: config.webhooks.allowPrivate, allow_http: config.webhooks.allowHttp },
          'webhooks may reach private addresses or plain http (WEBHOOK_ALLOW_PRIVATE, WEBHOOK_ALLOW_HTTP)',
        );
      if (settings.autostart !== false) worker.start();
    });
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'webhook-worker', dependencies: ['deps'] },
);
