import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSeeRetention, retentionReplySchema } from '@switchboard/shared';

/** How long closed tickets are kept, under /api/v1 (staff; DESIGN.md §29): the dashboard and reports say it. */
const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const days = app.deps.config.retention.closedTicketDays;
  app.get(
    '/retention',
    {
      onRequest: [app.requires(canSeeRetention, 'erasure.staffOnly')],
      schema: {
        tags: ['dashboard'],
        summary: 'Days after which closed tickets are removed, null when never (staff)',
        response: { 200: retentionReplySchema },
      },
    },
    async () => ({ data: { closed_ticket_days: days } }),
  );
};

export default retentionRoutes;
