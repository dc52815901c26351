/**
 * The signed-in scope (DESIGN.md §1): every route registered inside it authenticates in its
 * `onRequest`, before any body is read, and is documented with the bearer requirement. A route
 * names its permission rule once with `app.requires(canX, message)`; the service asserts it again.
 *
 * API clients (DESIGN.md §21): a route names the scope a client's token needs in `config.scope`,
 * documented as the route's `apiToken` requirement; a route that names none refuses every client
 * (default deny). Each client's requests are counted against one budget per minute, over all routes.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, clientHasScope, type ApiScope, type MessageKey } from '@switchboard/shared';
import { actorOf, type Actor } from './auth.ts';
import { clientRequestLimit } from './write-limits.ts';

/** The OpenAPI security requirement of every route in the scope. */
export const BEARER_SECURITY = [{ bearer: [] }];
/** The OpenAPI security scheme of API client tokens (app.ts documents it). */
export const API_TOKEN_SECURITY_SCHEME = 'apiToken';

/** The security requirement of a route: a session, or a client's token with `scope` when it names one. */
export function securityOf(scope: ApiScope | undefined): Record<string, string[]>[] {
  return scope ? [...BEARER_SECURITY, { [API_TOKEN_SECURITY_SCHEME]: [scope] }] : BEARER_SECURITY;
}

/** An onRequest hook that refuses (403, with `message`) a signed-in person the rule does not let through. */
export type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Only inside the signed-in scope: the guard of a route that the rule `rule` lets through. */
    requires: (rule: (actor: Actor) => boolean, message: MessageKey) => Guard;
  }
  interface FastifyContextConfig {
    /** The scope an API client's token needs for this route; none: no client may call it. */
    scope?: ApiScope;
    /** A client's requests per minute on this route, when not CLIENT_REQUESTS_PER_MINUTE (write-limits.ts). */
    clientBudget?: number;
  }
}

export interface SignedInScopeOptions {
  /** The plugins whose routes are for signed-in people only. */
  modules: FastifyPluginAsync[];
}

export default async function signedInScope(scope: FastifyInstance, { modules }: SignedInScopeOptions): Promise<void> {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: securityOf(route.config?.scope) };
  });
  scope.addHook('onRequest', scope.authenticate);
  const countClientRequest = scope.createRateLimit(clientRequestLimit());
  // Right after authenticate, before the route's own guards and limits: a client is counted, then
  // let through only to a route that names a scope its token has.
  scope.addHook('onRequest', async (request) => {
    const client = request.actor?.client;
    if (!client) return;
    const counted = await countClientRequest(request);
    if (!counted.isAllowed && counted.isExceeded) throw new AppError('rate_limited', 'common.tooOften');
    const needs = request.routeOptions.config.scope;
    if (!needs) throw new AppError('forbidden', 'integrations.clientsRefused');
    if (!clientHasScope(client, needs)) throw new AppError('forbidden', 'integrations.scopeMissing', { scope: needs });
  });
  scope.decorate('requires', (rule: (actor: Actor) => boolean, message: MessageKey): Guard => {
    return async (request) => {
      if (!rule(actorOf(request))) throw new AppError('forbidden', message);
    };
  });
  for (const module of modules) await scope.register(module);
}
