import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReplySchema,
  failedNotificationsReplySchema,
  notificationsPageQuerySchema,
  ticketNotificationsParamsSchema,
  ticketNotificationsReplySchema,
  canSeeIssuerNotifications,
  canSeeNotificationFailures,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { listFailedNotifications, listTicketNotifications, type NotificationsContext } from './notifications.service.ts';

export interface NotificationsRoutesOptions {
  /** The desk's ticket lookup, handed in by the app: the trail imports no desk module. */
  findTicket: NotificationsContext['findTicket'];
}

/** The messages to issuers under /api/v1: staff read a ticket's, admins the failures. */
const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { findTicket }) => {
  const ctx: NotificationsContext = { db: app.deps.db, findTicket };
  // The rule is checked before the query is read: a caller who may not list learns nothing more.
  const staffOnly = [app.requires(canSeeIssuerNotifications, 'notifications.staffOnly')];
  const adminOnly = [app.requires(canSeeNotificationFailures, 'notifications.adminsOnly')];

  app.get(
    '/tickets/:id/notifications',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['notifications'],
        summary: "A page of 10 messages to a ticket's issuer, newest first: channel, kind, status, times (staff)",
        params: ticketNotificationsParamsSchema,
        querystring: notificationsPageQuerySchema,
        response: { 200: ticketNotificationsReplySchema, 400: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => listTicketNotifications(ctx, actorOf(request), request.params.id, request.query.page),
  );

  app.get(
    '/notifications/failed',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['notifications'],
        summary: 'A page of 10 messages to issuers that kept failing, newest first, with their last error (admins)',
        querystring: notificationsPageQuerySchema,
        response: { 200: failedNotificationsReplySchema, 400: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => listFailedNotifications(ctx, actorOf(request), request.query.page),
  );
};

export default notificationsRoutes;
