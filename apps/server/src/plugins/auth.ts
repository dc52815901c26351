/** Bearer token → the signed-in user, read from the database on every request (DESIGN.md §6). */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, type Role, type UserType } from '@switchboard/shared';
import type { TokenIssuer } from '../modules/auth/tokens.ts';
import { findLiveUserById } from '../modules/users/users.repository.ts';

/** Field names follow the API (and the shared permission rules), not the database. */
export interface SignedInUser {
  id: string;
  name: string;
  product_number: string;
  user_type: UserType;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    signedInUser: SignedInUser | null;
  }
  interface FastifyInstance {
    tokens: TokenIssuer;
    /** preHandler: refuses the request with 401 unless it carries a valid token of a live user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export default fp(
  async (app, { tokens }: { tokens: TokenIssuer }) => {
    app.decorate('tokens', tokens);
    app.decorateRequest('signedInUser', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.signedInUser = await userFromBearer(request);
      if (!request.signedInUser) throw new AppError('unauthorized', 'Your session has ended. Please sign in again.');
    });

    async function userFromBearer(request: FastifyRequest): Promise<SignedInUser | null> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
      if (!token) return null;
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const user = await findLiveUserById(app.deps.db, claims.sub);
      if (!user || user.tokenVersion !== claims.ver) return null;
      return {
        id: user.id,
        name: user.name,
        product_number: user.productNumber,
        user_type: user.userType as UserType,
        role: user.role as Role,
      };
    }
  },
  { name: 'auth', dependencies: ['deps'] },
);

/** The user a preHandler `app.authenticate` let through. */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (!request.signedInUser) throw new AppError('unauthorized', 'Your session has ended. Please sign in again.');
  return request.signedInUser;
}
