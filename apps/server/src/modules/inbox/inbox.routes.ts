import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canUseInbox,
  errorReplySchema,
  inboxQuerySchema,
  inboxReadBodySchema,
  inboxReadReplySchema,
  inboxReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { listInbox, readInbox } from './inbox.service.ts';

const refusals = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 429: errorReplySchema };

/** Staff's notification bell under /api/v1 (DESIGN.md §26): each person's own items. */
const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // onRequest: a stranger gets 401 and an agent or a customer 403 before any body is parsed.
  const staffOnly = { onRequest: [app.requires(canUseInbox, 'inbox.staffOnly')] };
  const tags = ['inbox'];

  app.get(
    '/inbox',
    {
      ...staffOnly,
      schema: {
        tags,
        summary:
          "The viewer's notifications (a breach, an escalation, a low rating), newest first, 20 a page before an item's id, with the unread count",
        querystring: inboxQuerySchema,
        response: { 200: inboxReplySchema, ...refusals },
      },
    },
    async (request) => listInbox(db, actorOf(request), request.query),
  );

  app.post(
    '/inbox/read',
    {
      ...staffOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: "Marks the viewer's notifications read, these ids or all; another person's ids change nothing",
        body: inboxReadBodySchema,
        response: { 200: inboxReadReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await readInbox(db, actorOf(request), request.body) }),
  );
};

export default inboxRoutes;
