import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeDashboard, dashboardQuerySchema, dashboardReplySchema, errorReplySchema } from '@switchboard/shared';
import { expensiveRead, type ReadRefusals } from '../../lib/expensive-reads.ts';
import { readLimit } from '../../plugins/write-limits.ts';
import { readDashboard } from './dashboard.service.ts';

const DASHBOARD_REFUSALS: ReadRefusals = { busy: 'dashboard.busy', tooSlow: 'dashboard.tooSlow' };

/** The dashboard under /api/v1 (DESIGN.md §17): staff only. */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reads, config } = app.deps;

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
        response: {
          200: dashboardReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          429: errorReplySchema,
          503: errorReplySchema,
        },
      },
      // An expensive read: counted per account, run in its share of the pool with a time limit.
      config: { rateLimit: readLimit('dashboard', 'dashboard.tooOften') },
    },
    async (request) => ({
      data: await expensiveRead(reads, config.expensiveReads, DASHBOARD_REFUSALS, (readsDb) =>
        readDashboard(readsDb, request.query.days, config.timezone),
      ),
    }),
  );
};

export default dashboardRoutes;
