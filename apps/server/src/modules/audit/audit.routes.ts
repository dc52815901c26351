import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListReplySchema, canReadAudit } from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { listAudit, type AuditContext } from './audit.service.ts';

/** The audit trail under /api/v1 (admins). Nothing here writes it: the services of the changes do. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AuditContext = { db: app.deps.db, timezone: app.deps.config.timezone };

  app.get(
    '/audit',
    {
      // onRequest: a stranger gets 401 and a non-admin 403 before the query is read.
      onRequest: [app.requires(canReadAudit, 'audit.adminsOnly')],
      schema: {
        tags: ['audit'],
        summary: 'A page of 10 audit rows, newest first, filtered by actor, action, target and days (admins)',
        querystring: auditListQuerySchema,
        response: { 200: auditListReplySchema },
      },
    },
    async (request) => listAudit(ctx, actorOf(request), request.query),
  );
};

export default auditRoutes;
