import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cannedReplyBodySchema,
  cannedReplyListQuerySchema,
  cannedReplyListReplySchema,
  cannedReplyParamsSchema,
  cannedReplyReplySchema,
  canUseCannedReplies,
  errorReplySchema,
  messageReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { changeCannedReply, createCannedReply, deleteCannedReply, listCannedReplies } from './canned-replies.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  429: errorReplySchema,
};

/** The canned replies under /api/v1 (DESIGN.md §19): staff only. */
const cannedRepliesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // onRequest: a stranger gets 401 and an agent or a customer 403 before any body is parsed.
  const staffOnly = {
    onRequest: [app.requires(canUseCannedReplies, 'canned-replies.staffOnly')],
  };
  const tags = ['canned-replies'];

  app.get(
    '/canned-replies',
    {
      ...staffOnly,
      schema: {
        tags,
        summary:
          "A page of the canned replies the viewer may use, by title, 10 per page; q searches titles and bodies (staff: their department's and shared ones; admins all)",
        querystring: cannedReplyListQuerySchema,
        response: { 200: cannedReplyListReplySchema, ...refusals },
      },
    },
    async (request) => listCannedReplies(db, actorOf(request), request.query),
  );

  app.post(
    '/canned-replies',
    {
      ...staffOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: "Creates a canned reply of the viewer's department, or a shared one (admins; audited)",
        body: cannedReplyBodySchema,
        response: { 201: cannedReplyReplySchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createCannedReply(db, actorOf(request), request.body) }),
  );

  app.put(
    '/canned-replies/:id',
    {
      ...staffOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: "Changes a canned reply of the viewer's department; shared ones and others' by admins (audited)",
        params: cannedReplyParamsSchema,
        body: cannedReplyBodySchema,
        response: { 200: cannedReplyReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await changeCannedReply(db, actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/canned-replies/:id',
    {
      ...staffOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: "Deletes a canned reply of the viewer's department; shared ones and others' by admins (audited)",
        params: cannedReplyParamsSchema,
        response: { 200: messageReplySchema, ...refusals },
      },
    },
    async (request) => {
      await deleteCannedReply(db, actorOf(request), request.params.id);
      return { message: request.say('canned-replies.deleted') };
    },
  );
};

export default cannedRepliesRoutes;
