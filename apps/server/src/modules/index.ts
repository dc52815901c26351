/**
 * Every module the app registers. API modules are mounted under /api/v1, the signed-in ones inside
 * the signed-in scope (plugins/signed-in.ts); root modules at /. A lookup one module needs of a
 * module above it is handed in here, so that the floors hold (DESIGN.md §1).
 */
import type { FastifyPluginAsync } from 'fastify';
import alarmRulesRoutes from './alarm-rules/alarm-rules.routes.ts';
import alarmsRoutes from './alarms/alarms.routes.ts';
import apiClientsRoutes from './api-clients/api-clients.routes.ts';
import assignmentRoutes from './assignment/assignment.routes.ts';
import priorityRoutes from './priority/priority.routes.ts';
import auditRoutes from './audit/audit.routes.ts';
import authRoutes, { sessionRoutes } from './auth/auth.routes.ts';
import signInLocksRoutes from './auth/sign-in-locks.routes.ts';
import broadcastsRoutes from './broadcasts/broadcasts.routes.ts';
import bulkRoutes from './bulk/bulk.routes.ts';
import calendarsRoutes from './calendars/calendars.routes.ts';
import cannedRepliesRoutes from './canned-replies/canned-replies.routes.ts';
import captchaRoutes from './captcha/captcha.routes.ts';
import channelStatusRoutes from './channels/channel-status.routes.ts';
import smsCallbacksRoutes from './channels/sms-callbacks.routes.ts';
import commentsRoutes from './comments/comments.routes.ts';
import dashboardRoutes from './dashboard/dashboard.routes.ts';
import erasureRoutes from './erasure/erasure.routes.ts';
import retentionRoutes from './retention/retention.routes.ts';
import eventsRoutes from './events/events.routes.ts';
import forwardingRoutes from './forwarding/forwarding.routes.ts';
import groupsRoutes, { groupManagementRoutes } from './groups/groups.routes.ts';
import { alarmIncidentLinker } from './incidents/alarm-incident-links.ts';
import inboxRoutes from './inbox/inbox.routes.ts';
import linksRoutes from './links/links.routes.ts';
import incidentsRoutes, { publicNotesRoutes } from './incidents/incidents.routes.ts';
import mergeRoutes from './merge/merge.routes.ts';
import metaRoutes from './meta/meta.routes.ts';
import statusRoutes from './outages/status.routes.ts';
import notificationsRoutes from './notifications/notifications.routes.ts';
import presenceRoutes from './presence/presence.routes.ts';
import publicTicketsRoutes from './public-tickets/public-tickets.routes.ts';
import reportsRoutes from './reports/reports.routes.ts';
import satisfactionRoutes from './satisfaction/satisfaction.routes.ts';
import serviceLevelsRoutes from './service-levels/service-levels.routes.ts';
import subscribersRoutes from './subscribers/subscribers.routes.ts';
import tagsRoutes from './tags/tags.routes.ts';
import storageFilesRoutes from './storage/storage-files.routes.ts';
import storageRoutes from './storage/storage.routes.ts';
import { findTicketForViewer } from './tickets/tickets.service.ts';
import ticketsRoutes from './tickets/tickets.routes.ts';
import usersRoutes from './users/users.routes.ts';
import webhooksRoutes from './webhooks/webhooks.routes.ts';
import articlesRoutes, { articleManagementRoutes } from './articles/articles.routes.ts';
import helpPagesRoutes from './articles/help-pages.routes.ts';

/** Routes for anybody: sign-in, the public form and what it reads. */
export const PUBLIC_API_MODULES: FastifyPluginAsync[] = [
  metaRoutes,
  captchaRoutes,
  authRoutes,
  groupsRoutes,
  publicTicketsRoutes,
  publicNotesRoutes,
  statusRoutes,
  satisfactionRoutes,
  articlesRoutes,
];

/** Routes for signed-in people only: registered inside the signed-in scope. */
export const SIGNED_IN_API_MODULES: FastifyPluginAsync[] = [
  sessionRoutes,
  usersRoutes,
  signInLocksRoutes,
  groupManagementRoutes,
  async (app) => app.register(ticketsRoutes, { alarmIncidents: alarmIncidentLinker }),
  commentsRoutes,
  forwardingRoutes,
  assignmentRoutes,
  bulkRoutes,
  priorityRoutes,
  presenceRoutes,
  mergeRoutes,
  linksRoutes,
  tagsRoutes,
  storageRoutes,
  reportsRoutes,
  async (app) => app.register(notificationsRoutes, { findTicket: findTicketForViewer }),
  incidentsRoutes,
  broadcastsRoutes,
  cannedRepliesRoutes,
  serviceLevelsRoutes,
  calendarsRoutes,
  dashboardRoutes,
  inboxRoutes,
  eventsRoutes,
  auditRoutes,
  apiClientsRoutes,
  webhooksRoutes,
  alarmRulesRoutes,
  alarmsRoutes,
  subscribersRoutes,
  channelStatusRoutes,
  async (app) => app.register(smsCallbacksRoutes, { alarmIncidents: alarmIncidentLinker }),
  articleManagementRoutes,
  erasureRoutes,
  retentionRoutes,
];

/** Routes at /: stored files, and the help pages the server writes whole. */
export const ROOT_MODULES: FastifyPluginAsync[] = [storageFilesRoutes, helpPagesRoutes];
