import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canManageUsers, messageReplySchema, signInLockParamsSchema, signInLockReplySchema } from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { clearSignInLock, readSignInLock } from './sign-in-locks.service.ts';

/** The sign-in locks of numbers under /api/v1 (admins). */
const signInLocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const adminOnly = {
    onRequest: [app.requires(canManageUsers, 'auth.locksAdminsOnly')],
  };

  app.get(
    '/users/sign-in-locks/:number',
    {
      ...adminOnly,
      schema: {
        tags: ['users'],
        summary: "A number's wrong-OTP count and lock (admins)",
        params: signInLockParamsSchema,
        response: { 200: signInLockReplySchema },
      },
    },
    async (request) => ({ data: await readSignInLock(db, request.params.number) }),
  );

  app.delete(
    '/users/sign-in-locks/:number',
    {
      ...adminOnly,
      schema: {
        tags: ['users'],
        summary: "Clears a number's wrong-OTP record, lifting its lock (admins; audited)",
        params: signInLockParamsSchema,
        response: { 200: messageReplySchema },
      },
      // One budget per admin (write-limits.ts), counted after authentication.
      config: { rateLimit: writeLimit('signInLock', 'auth.locksClearedTooOften') },
    },
    async (request) => {
      await clearSignInLock(db, request.params.number, actorOf(request), request.ip);
      return { message: request.say('auth.lockCleared') };
    },
  );
};

export default signInLocksRoutes;
