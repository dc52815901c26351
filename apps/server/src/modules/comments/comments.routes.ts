import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addCommentBodySchema, addCommentReplySchema, errorReplySchema } from '@switchboard/shared';
import { signedInUser } from '../../plugins/auth.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import type { TicketsContext } from '../tickets/tickets.service.ts';
import { addComment } from './comments.service.ts';

/** The comments endpoints under /api/v1. */
const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const ctx: TicketsContext = { db, storage: storageDriverFor(config), timezone: config.timezone, log: app.log };

  app.post(
    '/tickets/add-comment',
    {
      schema: {
        tags: ['comments'],
        summary: 'Comments on a ticket the viewer may see (internal comments are for staff only)',
        security: [{ bearer: [] }],
        body: addCommentBodySchema,
        response: { 201: addCommentReplySchema, 400: errorReplySchema, 404: errorReplySchema },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      await addComment(ctx, signedInUser(request), request.body);
      return reply.code(201).send({ message: 'Successfully added new comment' });
    },
  );
};

export default commentsRoutes;
