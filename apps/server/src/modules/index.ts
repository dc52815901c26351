/** Every module the app registers. API modules are mounted under /api/v1; root modules at /. */
import authRoutes from './auth/auth.routes.ts';
import captchaRoutes from './captcha/captcha.routes.ts';
import commentsRoutes from './comments/comments.routes.ts';
import forwardingRoutes from './forwarding/forwarding.routes.ts';
import groupsRoutes from './groups/groups.routes.ts';
import metaRoutes from './meta/meta.routes.ts';
import publicTicketsRoutes from './public-tickets/public-tickets.routes.ts';
import reportsRoutes from './reports/reports.routes.ts';
import storageFilesRoutes from './storage/storage-files.routes.ts';
import storageRoutes from './storage/storage.routes.ts';
import ticketsRoutes from './tickets/tickets.routes.ts';
import usersRoutes from './users/users.routes.ts';

export const API_MODULES = [
  metaRoutes,
  captchaRoutes,
  authRoutes,
  usersRoutes,
  groupsRoutes,
  ticketsRoutes,
  publicTicketsRoutes,
  commentsRoutes,
  forwardingRoutes,
  storageRoutes,
  reportsRoutes,
];

export const ROOT_MODULES = [storageFilesRoutes];
