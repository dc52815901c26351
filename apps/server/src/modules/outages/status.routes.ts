import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AppError,
  errorReplySchema,
  isStaff,
  outageStatusParamsSchema,
  outageStatusQuerySchema,
  outageStatusReplySchema,
} from '@switchboard/shared';
import { anonymousLimit, userKey } from '../../plugins/write-limits.ts';
import { checkNumberStatus, type StatusContext } from './status.service.ts';

/** Staff on the internal create form check every number they type: more than one address of callers. */
const STAFF_CHECKS_FACTOR = 10;

/** The status by number under /api/v1 (DESIGN.md §23): no sign-in needed, a bot check, a limit per address. */
const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const ctx: StatusContext = { db, captcha: config };
  const perHour = config.statusLimits.perIpPerHour;

  /**
   * A caller that sends a bearer token is named by it (staff ask without a bot check). A failed
   * session is only an error when the caller relies on it, that is sends no bot check: the public
   * page of a person whose old session expired works all the same.
   */
  async function nameCaller(request: FastifyRequest): Promise<void> {
    if (!request.headers.authorization) return;
    try {
      await app.authenticate(request);
    } catch (error) {
      request.actor = null;
      const query = request.query as { token?: unknown } | undefined;
      if (!query?.token) throw error;
    }
  }

  app.get(
    '/status/:number',
    {
      schema: {
        tags: ['outages'],
        summary:
          "Whether a known outage affects a number's area, since when, and the incident's public note (no sign-in; a solved bot check of the status flow)",
        params: outageStatusParamsSchema,
        querystring: outageStatusQuerySchema,
        response: { 200: outageStatusReplySchema, 400: errorReplySchema, 401: errorReplySchema, 429: errorReplySchema },
      },
      onRequest: [nameCaller],
      config: {
        rateLimit: anonymousLimit({
          hook: 'preParsing',
          keyGenerator: userKey,
          timeWindow: '1 hour',
          max: (request) => (request.actor && isStaff(request.actor) ? perHour * STAFF_CHECKS_FACTOR : perHour),
          errorResponseBuilder: () => new AppError('rate_limited', 'outages.tooManyChecks'),
        }),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const data = await checkNumberStatus(ctx, {
        number: request.params.number,
        token: request.query.token,
        actor: request.actor,
      });
      return { data };
    },
  );
};

export default statusRoutes;
