import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canManageIntegrations,
  errorReplySchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListReplySchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryReplySchema,
  webhookEndpointCreateSchema,
  webhookEndpointCreatedReplySchema,
  webhookEndpointListReplySchema,
  webhookEndpointParamsSchema,
  webhookEndpointReplySchema,
  webhookEndpointUpdateSchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliver,
  sendTestEvent,
  updateWebhookEndpoint,
  type WebhooksContext,
} from './webhooks.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

/** The webhook endpoints under /api/v1 (DESIGN.md §21): admins only, every write audited. */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, webhookBell } = app.deps;
  const ctx: WebhooksContext = {
    db,
    policy: config.webhooks,
    resolve: app.deps.webhookResolver,
    wake: () => webhookBell.ring(),
  };
  const tags = ['webhooks'];
  // onRequest: anybody but an admin is refused before the body is read.
  const adminsOnly = { onRequest: [app.requires(canManageIntegrations, 'integrations.forbidden')] };

  app.post(
    '/webhook-endpoints',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Creates a webhook endpoint; its secret is in this reply only (admins, audited)',
        body: webhookEndpointCreateSchema,
        response: { 201: webhookEndpointCreatedReplySchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await createWebhookEndpoint(ctx, actorOf(request), request.body)),
  );

  app.get(
    '/webhook-endpoints',
    {
      ...adminsOnly,
      schema: {
        tags,
        summary: 'The webhook endpoints, newest first (admins)',
        response: { 200: webhookEndpointListReplySchema, ...refusals },
      },
    },
    async (request) => listWebhookEndpoints(ctx, actorOf(request)),
  );

  app.patch(
    '/webhook-endpoints/:id',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Changes a webhook endpoint, pauses it or turns it on again (admins, audited)',
        params: webhookEndpointParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await updateWebhookEndpoint(ctx, actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Deletes a webhook endpoint and its deliveries (admins, audited)',
        params: webhookEndpointParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/webhook-endpoints/:id/deliveries',
    {
      ...adminsOnly,
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first, 20 a page (admins)",
        params: webhookEndpointParamsSchema,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: webhookDeliveryListReplySchema, ...refusals },
      },
    },
    async (request) => listWebhookDeliveries(ctx, actorOf(request), request.params.id, request.query.page),
  );

  app.post(
    '/webhook-endpoints/:id/test',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Sends the endpoint a webhook.test event, whatever it listens to (admins, audited)',
        params: webhookEndpointParamsSchema,
        response: { 202: webhookDeliveryReplySchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(202).send({ data: await sendTestEvent(ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/webhook-endpoints/:id/deliveries/:delivery_id/redeliver',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Sends a delivery again now, with the same webhook-id and body (admins, audited)',
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliveryReplySchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ data: await redeliver(ctx, actorOf(request), request.params.id, request.params.delivery_id) }),
  );
};

export default webhooksRoutes;
