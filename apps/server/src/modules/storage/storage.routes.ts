import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema, presignBodySchema, presignReplySchema } from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { storageDriverFor } from './storage-driver.ts';
import { presignUpload } from './storage.service.ts';

/** Upload grants under /api/v1 (the browser then POSTs the file straight to storage). */
const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.deps.db, storage: storageDriverFor(app.deps.config), log: app.log };

  app.post(
    '/tickets/get-presigned-post',
    {
      schema: {
        tags: ['storage'],
        summary: 'Grants one image upload (JPEG, PNG, GIF or WebP, at most 10 MB, valid 10 minutes)',
        body: presignBodySchema,
        response: { 200: presignReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
      // A grant costs a row; a person attaching images needs a handful a minute.
      config: { rateLimit: writeLimit('upload') },
    },
    async (request) => presignUpload(ctx, actorOf(request).id, request.body.object_name),
  );
};

export default storageRoutes;
