import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canEraseNumber, erasureBodySchema, erasureParamsSchema, erasureReplySchema } from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { eraseNumber } from './erasure.service.ts';

/** Erasure of a number's personal data under /api/v1 (admins; DESIGN.md §29). */
const erasureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/numbers/:number/erase',
    {
      // A stranger gets 401 and anyone but an admin 403 before the body is read; no client scope grants it.
      onRequest: [app.requires(canEraseNumber, 'erasure.adminsOnly')],
      config: { rateLimit: writeLimit('erasure', 'erasure.tooOften') },
      schema: {
        tags: ['users'],
        summary: "Replaces a number's personal data with a marker, with the number typed again (admins; audited)",
        params: erasureParamsSchema,
        body: erasureBodySchema,
        response: { 200: erasureReplySchema },
      },
    },
    async (request) => {
      const counts = await eraseNumber(db, actorOf(request), request.params.number, request.body.confirm, request.ip);
      return { message: request.say('erasure.erased', counts), data: counts };
    },
  );
};

export default erasureRoutes;
