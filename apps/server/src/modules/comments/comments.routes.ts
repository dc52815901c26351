import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCommentBodySchema,
  addCommentReplySchema,
  commentsPageQuerySchema,
  commentsPageReplySchema,
  errorReplySchema,
  ticketIdParamsSchema,
} from '@switchboard/shared';
import { requestLanguage } from '../../lib/request-language.ts';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import { addComment, earlierComments, type CommentsContext } from './comments.service.ts';

/** The comments endpoints under /api/v1. */
const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const ctx: CommentsContext = {
    db,
    storage: storageDriverFor(config),
    timezone: config.timezone,
    log: app.log,
    tell: app.deps.tell,
  };

  app.post(
    '/tickets/add-comment',
    {
      schema: {
        tags: ['comments'],
        summary:
          'Comments on a ticket the viewer may see (internal comments are for staff only); a staff reply may wait for the customer',
        body: addCommentBodySchema,
        response: {
          201: addCommentReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          429: errorReplySchema,
        },
      },
      config: {
        scope: 'tickets:write',
        rateLimit: writeLimit('comment'),
      },
    },
    async (request, reply) => {
      await addComment(ctx, actorOf(request), request.body, request.ip, requestLanguage(request));
      return reply.code(201).send({ message: request.say('comments.added') });
    },
  );

  app.get(
    '/tickets/:id/comments',
    {
      config: { scope: 'tickets:read' },
      schema: {
        tags: ['comments'],
        summary: 'Up to 50 comments written before a comment, oldest first, as the viewer may see them',
        params: ticketIdParamsSchema,
        querystring: commentsPageQuerySchema,
        response: { 200: commentsPageReplySchema, 400: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => earlierComments(ctx, actorOf(request), request.params.id, request.query.before),
  );
};

export default commentsRoutes;
