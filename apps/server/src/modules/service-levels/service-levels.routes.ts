import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorReplySchema,
  serviceLevelBodySchema,
  serviceLevelListReplySchema,
  serviceLevelParamsSchema,
  serviceLevelReplySchema,
} from '@switchboard/shared';
import { signedInUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import {
  assertCanManageServiceLevels,
  assertCanSeeServiceLevels,
  listServiceLevels,
  setServiceLevel,
} from './service-levels.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  429: errorReplySchema,
};

/** The service levels under /api/v1 (DESIGN.md §17): staff read them, admins set them. */
const serviceLevelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const security = [{ bearer: [] }];
  const tags = ['service-levels'];

  app.get(
    '/service-levels',
    {
      // onRequest: a stranger gets 401 and an agent or a customer 403 before anything else runs.
      onRequest: [app.authenticate, async (request: FastifyRequest) => assertCanSeeServiceLevels(signedInUser(request))],
      schema: {
        tags,
        summary: "Each department's hours to the first staff reply and to resolve (staff)",
        security,
        response: { 200: serviceLevelListReplySchema, ...refusals },
      },
    },
    async () => listServiceLevels(db),
  );

  app.put(
    '/service-levels/:department',
    {
      onRequest: [app.authenticate, async (request: FastifyRequest) => assertCanManageServiceLevels(signedInUser(request))],
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: "Sets a department's service levels; the due times of its unsolved tickets follow (admins, audited)",
        security,
        params: serviceLevelParamsSchema,
        body: serviceLevelBodySchema,
        response: { 200: serviceLevelReplySchema, ...refusals },
      },
    },
    async (request) => ({
      data: await setServiceLevel(db, { user: signedInUser(request), ip: request.ip }, request.params.department, request.body),
    }),
  );
};

export default serviceLevelsRoutes;
