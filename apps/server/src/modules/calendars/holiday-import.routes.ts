import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppError,
  canManageCalendars,
  calendarParamsSchema,
  errorReplySchema,
  holidayImportReplySchema,
  ICAL_EVENTS_MAX,
  ICAL_MAX_BYTES,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { importHolidays } from './calendars.service.ts';

/** The iCal import in a scope of its own: its only body parser reads `text/calendar`, at most ICAL_MAX_BYTES. */
const holidayImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('text/calendar', { parseAs: 'string', bodyLimit: ICAL_MAX_BYTES }, (_request, body, done) => {
    done(null, typeof body === 'string' ? body : body.toString('utf8'));
  });
  const tooLarge = () => new AppError('payload_too_large', 'calendars.icalTooLarge', { max: ICAL_MAX_BYTES / 1024 });

  app.post(
    '/calendars/:id/holidays/import',
    {
      onRequest: [app.requires(canManageCalendars, 'calendars.adminsOnly')],
      // A file announced larger than the limit is refused with its own words before a byte is read.
      preParsing: async (request) => {
        if (Number(request.headers['content-length']) > ICAL_MAX_BYTES) throw tooLarge();
      },
      bodyLimit: ICAL_MAX_BYTES,
      config: { rateLimit: writeLimit('other') },
      errorHandler: (error) => {
        // A streamed body that grows past the limit: the same words as an announced one.
        const code = (error as { code?: unknown }).code;
        throw code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error;
      },
      schema: {
        tags: ['calendars'],
        summary: 'Imports the all-day events of an iCal file as holidays (admins, audited)',
        description:
          `The body is \`text/calendar\` (an .ics file) of at most ${ICAL_MAX_BYTES / 1024} kB and ${ICAL_EVENTS_MAX} events. ` +
          'Each all-day event becomes a holiday on each of its days (a day the calendar has keeps its name); timed and ' +
          'repeating events are skipped and counted. A larger file (413), one with more events or that is no calendar (400) stores nothing.',
        params: calendarParamsSchema,
        response: {
          200: holidayImportReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          413: errorReplySchema,
          415: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      if (typeof body !== 'string') throw new AppError('bad_request', 'calendars.icalMalformed');
      const data = await importHolidays(db, actorOf(request), request.params.id, body);
      app.jobs.wake();
      return { data };
    },
  );
};

export default holidayImportRoutes;
