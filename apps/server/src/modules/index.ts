/** Every module the app registers. API modules are mounted under /api/v1; root modules at /. */
import assignmentRoutes from './assignment/assignment.routes.ts';
import auditRoutes from './audit/audit.routes.ts';
import authRoutes from './auth/auth.routes.ts';
import signInLocksRoutes from './auth/sign-in-locks.routes.ts';
import cannedRepliesRoutes from './canned-replies/canned-replies.routes.ts';
import captchaRoutes from './captcha/captcha.routes.ts';
import commentsRoutes from './comments/comments.routes.ts';
import dashboardRoutes from './dashboard/dashboard.routes.ts';
import eventsRoutes from './events/events.routes.ts';
import forwardingRoutes from './forwarding/forwarding.routes.ts';
import groupsRoutes from './groups/groups.routes.ts';
import incidentsRoutes from './incidents/incidents.routes.ts';
import metaRoutes from './meta/meta.routes.ts';
import notificationsRoutes from './notifications/notifications.routes.ts';
import publicTicketsRoutes from './public-tickets/public-tickets.routes.ts';
import reportsRoutes from './reports/reports.routes.ts';
import serviceLevelsRoutes from './service-levels/service-levels.routes.ts';
import storageFilesRoutes from './storage/storage-files.routes.ts';
import storageRoutes from './storage/storage.routes.ts';
import ticketsRoutes from './tickets/tickets.routes.ts';
import usersRoutes from './users/users.routes.ts';

export const API_MODULES = [
  metaRoutes,
  captchaRoutes,
  authRoutes,
  usersRoutes,
  signInLocksRoutes,
  groupsRoutes,
  ticketsRoutes,
  publicTicketsRoutes,
  commentsRoutes,
  forwardingRoutes,
  assignmentRoutes,
  storageRoutes,
  reportsRoutes,
  notificationsRoutes,
  incidentsRoutes,
  cannedRepliesRoutes,
  serviceLevelsRoutes,
  dashboardRoutes,
  eventsRoutes,
  auditRoutes,
];

export const ROOT_MODULES = [storageFilesRoutes];
