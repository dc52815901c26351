import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeDashboard, dashboardQuerySchema, dashboardReplySchema, errorReplySchema } from '@switchboard/shared';
import { readDashboard } from './dashboard.service.ts';

/** The dashboard under /api/v1 (DESIGN.md §17): staff only. */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/dashboard',
    {
      // onRequest: a stranger gets 401 and an agent or a customer 403 before anything else runs.
      onRequest: [app.requires(canSeeDashboard, 'dashboard.staffOnly')],
      schema: {
        tags: ['dashboard'],
        summary:
          'Tickets raised and solved per day, the backlog and median times of each department, the top subgroups of the week and the active incidents (staff)',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardReplySchema, 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => ({ data: await readDashboard(db, request.query.days, config.timezone) }),
  );
};

export default dashboardRoutes;
