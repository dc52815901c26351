/**
 * The signed-in scope (DESIGN.md §1): every route registered inside it authenticates in its
 * `onRequest`, before any body is read, and is documented with the bearer requirement. A route
 * names its permission rule once with `app.requires(canX, message)`; the service asserts it again.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, type MessageKey } from '@switchboard/shared';
import { actorOf, type Actor } from './auth.ts';

/** The OpenAPI security requirement of every route in the scope. */
export const BEARER_SECURITY = [{ bearer: [] }];

/** An onRequest hook that refuses (403, with `message`) a signed-in person the rule does not let through. */
export type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Only inside the signed-in scope: the guard of a route that the rule `rule` lets through. */
    requires: (rule: (actor: Actor) => boolean, message: MessageKey) => Guard;
  }
}

export interface SignedInScopeOptions {
  /** The plugins whose routes are for signed-in people only. */
  modules: FastifyPluginAsync[];
}

export default async function signedInScope(scope: FastifyInstance, { modules }: SignedInScopeOptions): Promise<void> {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: BEARER_SECURITY };
  });
  scope.addHook('onRequest', scope.authenticate);
  scope.decorate('requires', (rule: (actor: Actor) => boolean, message: MessageKey): Guard => {
    return async (request) => {
      if (!rule(actorOf(request))) throw new AppError('forbidden', message);
    };
  });
  for (const module of modules) await scope.register(module);
}
