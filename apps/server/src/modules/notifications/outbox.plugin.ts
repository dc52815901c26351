/**
 * This process's outbox worker (DESIGN.md §13), from ready to close, woken by the app's bell
 * whenever a write of this process leaves a message. Registered by app.ts.
 */
import fp from 'fastify-plugin';
import { createMailer, mailDomainOf } from '../../lib/mailer.ts';
import type { OutboxBell } from './outbox-bell.ts';
import { createOutboxWorker } from './outbox-worker.ts';

export default fp(
  async (app, { bell }: { bell: OutboxBell }) => {
    const { config, db, sms } = app.deps;
    const worker = createOutboxWorker({
      db,
      sms,
      mailer: createMailer({ ...config, replyTo: config.channels.mail.replyTo }),
      mailDomain: mailDomainOf(config.mailFrom),
      log: app.log,
      pollMs: config.notify.pollMs,
      retryMs: config.notify.retryMs,
      sendTimeoutMs: config.notify.sendTimeoutMs,
      bell,
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'outbox-worker', dependencies: ['deps'] },
);
