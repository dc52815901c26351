import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  areaCreateSchema,
  areaListReplySchema,
  areaParamsSchema,
  areaReplySchema,
  areaUpdateSchema,
  canListAreas,
  canManageSubscribers,
  canSeeSubscriberCard,
  errorReplySchema,
  messageReplySchema,
  subscriberCardReplySchema,
  subscriberFieldsSchema,
  subscriberListQuerySchema,
  subscriberListReplySchema,
  subscriberParamsSchema,
  subscriberReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { readLimit, writeLimit } from '../../plugins/write-limits.ts';
import { changeArea, createArea, listAreas, removeArea } from './areas.service.ts';
import subscriberImportRoutes from './subscriber-import.routes.ts';
import { listSubscribers, mayWriteSubscribers, putSubscriber, subscriberCard } from './subscribers.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

const tags = ['subscribers'];

/**
 * The subscriber directory and its areas under /api/v1 (DESIGN.md §23): admins keep areas and
 * search subscribers; admins or API clients with `subscribers:write` import and upsert them; staff
 * read the areas and a number's card. Every write is audited.
 */
const subscribersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // onRequest: the wrong caller is refused before the body is read.
  const adminsOnly = { onRequest: [app.requires(canManageSubscribers, 'subscribers.adminsOnly')] };
  const staffOnly = { onRequest: [app.requires(canSeeSubscriberCard, 'subscribers.staffOnly')] };

  app.get(
    '/areas',
    {
      onRequest: [app.requires(canListAreas, 'subscribers.staffOnly')],
      schema: {
        tags,
        summary: 'Every area by code, with its group, subgroup and number of subscribers (staff)',
        response: { 200: areaListReplySchema, ...refusals },
      },
    },
    async (request) => listAreas(db, actorOf(request)),
  );

  app.post(
    '/areas',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Adds an area; its code never changes (admins, audited)',
        body: areaCreateSchema,
        response: { 201: areaReplySchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ message: request.say('subscribers.areaCreated'), data: await createArea(db, actorOf(request), request.body) }),
  );

  app.patch(
    '/areas/:code',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: "Changes an area's names, group or subgroup (admins, audited)",
        params: areaParamsSchema,
        body: areaUpdateSchema,
        response: { 200: areaReplySchema, ...refusals },
      },
    },
    async (request) => ({
      message: request.say('subscribers.areaUpdated'),
      data: await changeArea(db, actorOf(request), request.params.code, request.body),
    }),
  );

  app.delete(
    '/areas/:code',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Deletes an area that no subscriber or incident names (409 otherwise; admins, audited)',
        params: areaParamsSchema,
        response: { 200: messageReplySchema, ...refusals },
      },
    },
    async (request) => {
      await removeArea(db, actorOf(request), request.params.code);
      return { message: request.say('subscribers.areaDeleted') };
    },
  );

  app.get(
    '/subscribers',
    {
      ...adminsOnly,
      config: { rateLimit: readLimit('search', 'common.tooOften', (request) => Boolean((request.query as { q?: string }).q)) },
      schema: {
        tags,
        summary:
          'Subscribers whose number or name holds the search text, of one area if asked, newest change first, 20 a page (admins)',
        querystring: subscriberListQuerySchema,
        response: { 200: subscriberListReplySchema, ...refusals },
      },
    },
    async (request) => listSubscribers(db, actorOf(request), request.query),
  );

  app.put(
    '/subscribers/:number',
    {
      onRequest: [app.requires(mayWriteSubscribers, 'subscribers.clientsOrAdmins')],
      config: { scope: 'subscribers:write', rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Inserts or updates one subscriber by number (admins, or API clients with subscribers:write; audited)',
        params: subscriberParamsSchema,
        body: subscriberFieldsSchema,
        response: { 200: subscriberReplySchema, ...refusals },
      },
    },
    async (request) => ({
      message: request.say('subscribers.saved'),
      data: await putSubscriber(db, actorOf(request), request.params.number, request.body),
    }),
  );

  app.get(
    '/subscribers/:number/card',
    {
      ...staffOnly,
      schema: {
        tags,
        summary:
          "A number's subscriber as staff see it beside a ticket, with its area's active incident; data null when unknown (staff)",
        params: subscriberParamsSchema,
        response: { 200: subscriberCardReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await subscriberCard(db, actorOf(request), request.params.number) }),
  );

  await app.register(subscriberImportRoutes);
};

export default subscribersRoutes;
