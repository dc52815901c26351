import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { AppError, SUBSCRIBER_IMPORT_REFUSED_SHOWN, errorReplySchema, subscriberImportReplySchema } from '@switchboard/shared';
import { requestLanguage } from '../../lib/request-language.ts';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { importSubscribers } from './subscriber-import.ts';
import { mayWriteSubscribers } from './subscribers.service.ts';

/**
 * A `text/csv` body as the route receives it: the request's stream, unread. The stream sits in a
 * private field, so that the input guard's walk over the body sees no keys (and no socket).
 */
class CsvBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

/**
 * POST /subscribers/import in a scope of its own: its only body parser hands the CSV stream over
 * unread (Fastify's bodyLimit does not apply to a stream; the import counts the bytes itself).
 */
const subscriberImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, new CsvBody(payload)));

  app.post(
    '/subscribers/import',
    {
      onRequest: [app.requires(mayWriteSubscribers, 'subscribers.clientsOrAdmins')],
      config: { scope: 'subscribers:write', rateLimit: writeLimit('other') },
      schema: {
        tags: ['subscribers'],
        summary: 'Imports subscribers from a CSV file, upserting by number (admins, or API clients with subscribers:write)',
        description:
          'The body is `text/csv`, streamed: a header `number,name,area,plan,status[,language]`, then one subscriber a line. ' +
          'Rows are upserted by number in batches inside one transaction; a row with a bad value, an unknown area or a number ' +
          `met earlier in the file is refused and reported with its line (the first ${SUBSCRIBER_IMPORT_REFUSED_SHOWN} named). A file larger than the ` +
          'limit (413), with another header or unreadable as CSV (400) stores nothing. Audited once, with the counts.',
        response: {
          200: subscriberImportReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          413: errorReplySchema,
          415: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      if (!(body instanceof CsvBody)) throw new AppError('bad_request', 'subscribers.importHeader');
      const declared = Number(request.headers['content-length']);
      const data = await importSubscribers(db, actorOf(request), body.stream, {
        maxBytes: config.subscribers.importMaxBytes,
        declaredBytes: Number.isFinite(declared) ? declared : undefined,
        language: requestLanguage(request),
      });
      return { message: request.say('subscribers.imported', { stored: data.stored, refused: data.refused }), data };
    },
  );
};

export default subscriberImportRoutes;
