import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alarmRuleCreateSchema,
  alarmRuleListReplySchema,
  alarmRuleOrderSchema,
  alarmRuleParamsSchema,
  alarmRuleReplySchema,
  alarmRuleUpdateSchema,
  canManageAlarmRules,
  errorReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { createRule, deleteRule, listRules, reorderRules, updateRule } from './alarm-rules.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

/**
 * The alarm routing rules under /api/v1 (DESIGN.md §22): admins only, every write audited. No API
 * scope names them, so no client token reaches them.
 */
const alarmRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['alarms'];
  // onRequest: anybody but an admin is refused before the body is read.
  const adminsOnly = { onRequest: [app.requires(canManageAlarmRules, 'alarms.adminsOnly')] };

  app.get(
    '/alarm-rules',
    {
      ...adminsOnly,
      schema: {
        tags,
        summary: 'Every alarm routing rule in its order, with group and subgroup names (admins)',
        response: { 200: alarmRuleListReplySchema, ...refusals },
      },
    },
    async (request) => listRules(db, actorOf(request)),
  );

  app.post(
    '/alarm-rules',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Adds an alarm routing rule at the end of the order (admins, audited)',
        body: alarmRuleCreateSchema,
        response: { 201: alarmRuleReplySchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createRule(db, actorOf(request), request.body) }),
  );

  app.put(
    '/alarm-rules/order',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Puts the alarm routing rules in a new order; it names every rule once (admins, audited)',
        body: alarmRuleOrderSchema,
        response: { 200: alarmRuleListReplySchema, ...refusals },
      },
    },
    async (request) => reorderRules(db, actorOf(request), request.body.ids),
  );

  app.patch(
    '/alarm-rules/:id',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Changes an alarm routing rule (admins, audited)',
        params: alarmRuleParamsSchema,
        body: alarmRuleUpdateSchema,
        response: { 200: alarmRuleReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await updateRule(db, actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/alarm-rules/:id',
    {
      ...adminsOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Deletes an alarm routing rule; its alarms become unrouted (admins, audited)',
        params: alarmRuleParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await deleteRule(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default alarmRulesRoutes;
