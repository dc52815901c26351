import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarBodySchema,
  calendarListReplySchema,
  calendarParamsSchema,
  calendarReplySchema,
  canManageCalendars,
  canSeeServiceLevels,
  errorReplySchema,
  holidayBodySchema,
  holidayParamsSchema,
  messageReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import holidayImportRoutes from './holiday-import.routes.ts';
import { addHoliday, changeCalendar, createCalendar, deleteCalendar, listCalendars, removeHoliday } from './calendars.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

/** The working calendars under /api/v1 (DESIGN.md §26): staff read them, admins write them. */
const calendarsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['calendars'];
  // onRequest: a stranger gets 401 and anyone else without the right 403 before any body is parsed.
  const adminsOnly = {
    onRequest: [app.requires(canManageCalendars, 'calendars.adminsOnly')],
  };
  /** A write changed working time: the recomputation it scheduled starts now. */
  const wake = () => app.jobs.wake();

  app.get(
    '/calendars',
    {
      onRequest: [app.requires(canSeeServiceLevels, 'calendars.staffOnly')],
      schema: {
        tags,
        summary: 'Every working calendar by name, with its week, holidays and the departments on it (staff)',
        response: { 200: calendarListReplySchema, ...refusals },
      },
    },
    async (request) => listCalendars(db, actorOf(request)),
  );

  app.post(
    '/calendars',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Creates a working calendar: a name, a time zone and per weekday up to 4 working intervals (admins, audited)',
        body: calendarBodySchema,
        response: { 201: calendarReplySchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createCalendar(db, actorOf(request), request.body) }),
  );

  app.put(
    '/calendars/:id',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary:
          "Changes a calendar; the due times of its departments' unsolved tickets follow in the background (admins, audited)",
        params: calendarParamsSchema,
        body: calendarBodySchema,
        response: { 200: calendarReplySchema, ...refusals },
      },
    },
    async (request) => {
      const data = await changeCalendar(db, actorOf(request), request.params.id, request.body);
      wake();
      return { data };
    },
  );

  app.delete(
    '/calendars/:id',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Deletes a calendar and its holidays; 409 while a service level counts in it (admins, audited)',
        params: calendarParamsSchema,
        response: { 200: messageReplySchema, ...refusals },
      },
    },
    async (request) => {
      await deleteCalendar(db, actorOf(request), request.params.id);
      return { message: request.say('calendars.deleted') };
    },
  );

  app.post(
    '/calendars/:id/holidays',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Adds a holiday (a day off whatever its weekday), or renames the one of its day (admins, audited)',
        params: calendarParamsSchema,
        body: holidayBodySchema,
        response: { 200: calendarReplySchema, ...refusals },
      },
    },
    async (request) => {
      const data = await addHoliday(db, actorOf(request), request.params.id, request.body);
      wake();
      return { data };
    },
  );

  app.delete(
    '/calendars/:id/holidays/:date',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Removes the holiday of a day (admins, audited)',
        params: holidayParamsSchema,
        response: { 200: messageReplySchema, ...refusals },
      },
    },
    async (request) => {
      await removeHoliday(db, actorOf(request), request.params.id, request.params.date);
      wake();
      return { message: request.say('calendars.holidayDeleted') };
    },
  );

  await app.register(holidayImportRoutes);
};

export default calendarsRoutes;
