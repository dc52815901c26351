import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canManageUsers,
  idParamsSchema,
  messageReplySchema,
  signupBodySchema,
  updateUserBodySchema,
  userListQuerySchema,
  userListReplySchema,
  userLookupQuerySchema,
  userLookupReplySchema,
  userWriteReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { createUser, deleteUser, listUsers, lookupUsers, updateUser } from './users.service.ts';

/** The users endpoints under /api/v1: administration (admins) and the lookup behind user pickers. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // onRequest: a stranger gets 401 and a non-admin 403 before the body is even parsed.
  const adminOnly = {
    onRequest: [app.requires(canManageUsers, 'users.adminsOnly')],
  };

  app.get(
    '/users',
    {
      ...adminOnly,
      schema: {
        tags: ['users'],
        summary: 'A page of 10 users, newest first, optionally matching a name or number (admins)',
        querystring: userListQuerySchema,
        response: { 200: userListReplySchema },
      },
    },
    async (request) => listUsers(db, actorOf(request), request.query),
  );

  app.get(
    '/users/lookup',
    {
      schema: {
        tags: ['users'],
        summary: 'Up to 20 users matching a name or number (admins, cc and rs)',
        querystring: userLookupQuerySchema,
        response: { 200: userLookupReplySchema },
      },
    },
    async (request) => ({ data: await lookupUsers(db, actorOf(request), request.query) }),
  );

  app.post(
    '/users/signup',
    {
      ...adminOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags: ['users'],
        summary: 'Creates a user (admins)',
        body: signupBodySchema,
        response: { 201: userWriteReplySchema },
      },
    },
    async (request, reply) => {
      const user = await createUser(db, actorOf(request), request.body, request.ip);
      return reply.code(201).send({ message: request.say('users.created'), data: user });
    },
  );

  app.put(
    '/users/:id',
    {
      ...adminOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags: ['users'],
        summary: 'Edits a user (admins); created_at is ignored',
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userWriteReplySchema },
      },
    },
    async (request) => {
      const user = await updateUser(db, actorOf(request), request.params.id, request.body, request.ip);
      return { message: request.say('users.updated'), data: user };
    },
  );

  app.delete(
    '/users/:id',
    {
      ...adminOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags: ['users'],
        summary: 'Deletes a user and ends their sessions (admins)',
        params: idParamsSchema,
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      await deleteUser(db, actorOf(request), request.params.id, request.ip);
      return { message: request.say('users.deleted') };
    },
  );
};

export default usersRoutes;
