import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReplySchema,
  failedNotificationsReplySchema,
  notificationsPageQuerySchema,
  ticketNotificationsParamsSchema,
  ticketNotificationsReplySchema,
} from '@switchboard/shared';
import { createMailer } from '../../lib/mailer.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  assertCanSeeIssuerNotifications,
  assertCanSeeNotificationFailures,
  listFailedNotifications,
  listTicketNotifications,
  type NotificationsContext,
} from './notifications.service.ts';
import { createOutboxWorker } from './outbox-worker.ts';

/**
 * The messages to issuers under /api/v1 (staff read a ticket's, admins the failures), and this
 * process's outbox worker, which runs from ready to close.
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, sms } = app.deps;
  const ctx: NotificationsContext = { db };
  const worker = createOutboxWorker({
    db,
    sms,
    mailer: createMailer(config),
    log: app.log,
    pollMs: config.notify.pollMs,
    retryMs: config.notify.retryMs,
    sendTimeoutMs: config.notify.sendTimeoutMs,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());

  const security = [{ bearer: [] }];
  // The rule is checked before the query is read: a caller who may not list learns nothing more.
  const staffOnly = [app.authenticate, async (request: FastifyRequest) => assertCanSeeIssuerNotifications(signedInUser(request))];
  const adminOnly = [
    app.authenticate,
    async (request: FastifyRequest) => assertCanSeeNotificationFailures(signedInUser(request)),
  ];

  app.get(
    '/tickets/:id/notifications',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['notifications'],
        summary: "A page of 10 messages to a ticket's issuer, newest first: channel, kind, status, times (staff)",
        security,
        params: ticketNotificationsParamsSchema,
        querystring: notificationsPageQuerySchema,
        response: { 200: ticketNotificationsReplySchema, 400: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => listTicketNotifications(ctx, signedInUser(request), request.params.id, request.query.page),
  );

  app.get(
    '/notifications/failed',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['notifications'],
        summary: 'A page of 10 messages to issuers that kept failing, newest first, with their last error (admins)',
        security,
        querystring: notificationsPageQuerySchema,
        response: { 200: failedNotificationsReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => listFailedNotifications(ctx, signedInUser(request), request.query.page),
  );
};

export default notificationsRoutes;
