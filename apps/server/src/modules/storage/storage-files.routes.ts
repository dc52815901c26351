import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, UPLOAD_MAX_BYTES } from '@switchboard/shared';
import { storageLimit } from '../../plugins/write-limits.ts';
import { isSafeKey } from './local-storage.ts';
import { checkSignedLink, needsSignedLink, signedObjectTypeOf } from './signed-links.ts';
import { receiveLocalUpload, UnreadableFormError } from './local-upload.service.ts';
import { storageDriverFor } from './storage-driver.ts';
import { openStoredObject } from './storage.service.ts';

/** The local object store at /storage: upload forms in, stored files out. */
const storageFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = storageDriverFor(app.deps.config);

  if (storage.kind === 'local') {
    const local = storage;
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fields: 10,
        fieldSize: 4096,
        fieldNameSize: 100,
        files: 1,
        parts: 11,
        headerPairs: 50,
        fileSize: UPLOAD_MAX_BYTES,
      },
    });
    app.post(
      '/storage/upload',
      {
        schema: { tags: ['storage'], summary: 'Receives a file with a signed upload form (fields first, file last)' },
        config: { rateLimit: storageLimit({ max: 120, timeWindow: '1 minute' }) },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError('bad_request', 'storage.notMultipart');
        try {
          await receiveLocalUpload({ db: app.deps.db, storage: local }, request.parts());
        } catch (error) {
          // One line for whoever runs the service: a broken client, not a broken server (no stack).
          if (error instanceof UnreadableFormError) request.log.warn({ reason: error.reason }, 'upload form unreadable');
          throw error;
        }
        return reply.code(204).send();
      },
    );
  }

  app.get(
    '/storage/*',
    {
      schema: {
        tags: ['storage'],
        summary: 'A stored file (reports only with the signed, expiring link that generated them)',
        params: z.object({ '*': z.string() }),
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
      },
      // Generous: a desk behind one address opens galleries all day; browsers cache each file for good.
      config: { rateLimit: storageLimit({ max: 3000, timeWindow: '1 minute' }) },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const signed = needsSignedLink(key);
      if (signed) {
        const check = checkSignedLink(app.deps.config.storageSecret, key, request.query);
        if (check === 'expired') throw new AppError('forbidden', 'storage.linkExpired');
        if (check === 'invalid') throw new AppError('forbidden', 'storage.linkInvalid');
      }
      const object = isSafeKey(key) ? await openStoredObject(storage, key) : null;
      if (!object) throw new AppError('not_found', 'storage.fileNotFound');
      const fileName = key.slice(key.lastIndexOf('/') + 1);
      const contentType = (signed ? signedObjectTypeOf(key) : null) ?? object.contentType;
      const isImage = contentType.startsWith('image/');
      reply
        .header('Content-Type', contentType)
        .header('X-Content-Type-Options', 'nosniff')
        // Even a file that slipped through is shown as a document with no script and no origin.
        .header('Content-Security-Policy', 'sandbox')
        .header('Content-Disposition', `${isImage ? 'inline' : 'attachment'}; filename="${fileName}"`)
        // Keys are never reused and a stored file is never replaced; a signed link must not outlive its expiry in a cache.
        .header('Cache-Control', signed ? 'private, no-store' : 'public, max-age=31536000, immutable');
      if (object.size !== undefined) reply.header('Content-Length', object.size);
      return reply.send(object.body);
    },
  );
};

export default storageFilesRoutes;
