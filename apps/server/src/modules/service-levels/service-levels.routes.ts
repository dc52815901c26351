import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canManageServiceLevels,
  canSeeServiceLevels,
  errorReplySchema,
  serviceLevelBodySchema,
  serviceLevelListReplySchema,
  serviceLevelParamsSchema,
  serviceLevelReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { listServiceLevels, setServiceLevel } from './service-levels.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  429: errorReplySchema,
};

/** The service levels under /api/v1 (DESIGN.md §17): staff read them, admins set them. */
const serviceLevelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['service-levels'];

  app.get(
    '/service-levels',
    {
      // onRequest: a stranger gets 401 and an agent or a customer 403 before anything else runs.
      onRequest: [app.requires(canSeeServiceLevels, 'service-levels.staffOnly')],
      schema: {
        tags,
        summary: "Each department's hours to the first staff reply and to resolve (staff)",
        response: { 200: serviceLevelListReplySchema, ...refusals },
      },
    },
    async () => listServiceLevels(db),
  );

  app.put(
    '/service-levels/:department',
    {
      onRequest: [app.requires(canManageServiceLevels, 'service-levels.adminsOnly')],
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary:
          "Sets a department's service levels and working calendar (null: Always); the due times of its unsolved tickets follow in the background (admins, audited)",
        params: serviceLevelParamsSchema,
        body: serviceLevelBodySchema,
        response: { 200: serviceLevelReplySchema, ...refusals },
      },
    },
    async (request) => {
      const data = await setServiceLevel(db, actorOf(request), request.params.department, request.body);
      // The recomputation of the department's due times was scheduled with the change: start it now.
      app.jobs.wake();
      return { data };
    },
  );
};

export default serviceLevelsRoutes;
