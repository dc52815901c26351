import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addSubgroupsBodySchema,
  allSubgroupsReplySchema,
  canManageGroups,
  createGroupBodySchema,
  groupListReplySchema,
  groupWriteReplySchema,
  idParamsSchema,
  messageReplySchema,
  renameGroupBodySchema,
  renameSubgroupBodySchema,
  subgroupListReplySchema,
  subgroupParamsSchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { BODY_LIMITS, writeLimit } from '../../plugins/write-limits.ts';
import {
  addSubgroups,
  createGroup,
  deleteGroup,
  deleteSubgroup,
  listAllSubgroups,
  listGroups,
  listSubgroupsOf,
  renameGroup,
  renameSubgroup,
} from './groups.service.ts';

const tags = ['groups'];

/** The groups' reads under /api/v1: public, the public form offers groups. */
const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/groups',
    { schema: { tags, summary: 'Every group with its subgroups', response: { 200: groupListReplySchema } } },
    async () => ({ data: await listGroups(db) }),
  );

  app.get(
    '/groups/subgroups',
    { schema: { tags, summary: 'Every subgroup of every group', response: { 200: allSubgroupsReplySchema } } },
    async () => ({ sub_groups: await listAllSubgroups(db) }),
  );

  app.get(
    '/groups/:id/subgroups',
    {
      schema: { tags, summary: 'The subgroups of a group', params: idParamsSchema, response: { 200: subgroupListReplySchema } },
    },
    async (request) => ({ sub_groups: await listSubgroupsOf(db, request.params.id) }),
  );
};

/** The groups' writes under /api/v1, inside the signed-in scope: admins and moderators. */
export const groupManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // onRequest: a user without the role gets 403 before the body is parsed.
  const managers = {
    onRequest: [app.requires(canManageGroups, 'groups.managersOnly')],
  };

  app.post(
    '/groups',
    {
      ...managers,
      bodyLimit: BODY_LIMITS.group,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Creates a group with at least one subgroup (admins, moderators)',
        body: createGroupBodySchema,
        response: { 201: groupWriteReplySchema },
      },
    },
    async (request, reply) => {
      const group = await createGroup(db, actorOf(request), request.body, request.ip);
      return reply.code(201).send({ message: request.say('groups.created'), data: group });
    },
  );

  app.put(
    '/groups/:id',
    {
      ...managers,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Renames a group; tickets keep the name they were issued with',
        params: idParamsSchema,
        body: renameGroupBodySchema,
        response: { 200: groupWriteReplySchema },
      },
    },
    async (request) => {
      const group = await renameGroup(db, actorOf(request), request.params.id, request.body.group_name, request.ip);
      return { message: request.say('groups.renamed'), data: group };
    },
  );

  app.delete(
    '/groups/:id',
    {
      ...managers,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Archives a group and its subgroups; tickets that use them stay readable',
        params: idParamsSchema,
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      await deleteGroup(db, actorOf(request), request.params.id, request.ip);
      return { message: request.say('groups.deleted') };
    },
  );

  app.post(
    '/groups/:id/subgroups',
    {
      ...managers,
      bodyLimit: BODY_LIMITS.group,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Adds subgroups to a group (admins, moderators)',
        params: idParamsSchema,
        body: addSubgroupsBodySchema,
        response: { 201: groupWriteReplySchema },
      },
    },
    async (request, reply) => {
      const group = await addSubgroups(db, actorOf(request), request.params.id, request.body.sub_groups, request.ip);
      return reply.code(201).send({ message: request.say('groups.subgroupsAdded'), data: group });
    },
  );

  app.put(
    '/groups/:groupId/:subId',
    {
      ...managers,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Renames a subgroup; tickets keep the name they were issued with',
        params: subgroupParamsSchema,
        body: renameSubgroupBodySchema,
        response: { 200: groupWriteReplySchema },
      },
    },
    async (request) => {
      const { groupId, subId } = request.params;
      const group = await renameSubgroup(db, actorOf(request), groupId, subId, request.body, request.ip);
      return { message: request.say('groups.subgroupUpdated'), data: group };
    },
  );

  app.delete(
    '/groups/:groupId/:subId',
    {
      ...managers,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Archives a subgroup; tickets that use it stay readable',
        params: subgroupParamsSchema,
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      await deleteSubgroup(db, actorOf(request), request.params.groupId, request.params.subId, request.ip);
      return { message: request.say('groups.subgroupDeleted') };
    },
  );
};

export default groupsRoutes;
