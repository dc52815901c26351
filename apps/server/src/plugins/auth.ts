/**
 * Bearer token → the signed-in user, read from the database on every request (DESIGN.md §6).
 * Every signed-in route authenticates in `onRequest`, before its body is read: a stranger costs
 * no parsing and no validation. The convention is checked over the route table by the tests.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, type Language, type Role, type UserType } from '@switchboard/shared';
import type { TokenIssuer } from '../modules/auth/tokens.ts';
import { findLiveUserById } from '../modules/users/users.repository.ts';

/** Field names follow the API (and the shared permission rules), not the database. */
export interface SignedInUser {
  id: string;
  name: string;
  product_number: string;
  user_type: UserType;
  role: Role;
  /** The language the account last used the desk in, as the request found it (DESIGN.md §16). */
  language: Language;
}

/**
 * Why a session ended, in `details.reason` of the 401, for the sign-in screen to say so:
 * `account_changed` when the token is ours and unexpired but its user was deleted or changed
 * (token_version moved on), `expired` when it is ours and expired. Anything else gets no reason.
 */
export type SessionEndReason = 'account_changed' | 'expired';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const ENDED_BECAUSE: Record<SessionEndReason, string> = {
  account_changed: 'Your session ended because your account was changed. Please sign in again.',
  expired: 'Your session has expired. Please sign in again.',
};

declare module 'fastify' {
  interface FastifyRequest {
    signedInUser: SignedInUser | null;
  }
  interface FastifyInstance {
    tokens: TokenIssuer;
    /** onRequest hook: refuses the request with 401 unless it carries a valid token of a live user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

type Session = { user: SignedInUser } | { reason: SessionEndReason | null };

export default fp(
  async (app, { tokens }: { tokens: TokenIssuer }) => {
    app.decorate('tokens', tokens);
    app.decorateRequest('signedInUser', null);
    app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const session = await sessionOf(request);
      if ('user' in session) {
        request.signedInUser = session.user;
        return;
      }
      if (!session.reason) throw new AppError('unauthorized', SESSION_ENDED);
      throw new AppError('unauthorized', ENDED_BECAUSE[session.reason], { reason: session.reason });
    });

    async function sessionOf(request: FastifyRequest): Promise<Session> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
      if (!token) return { reason: null };
      const checked = await tokens.check(token);
      if ('problem' in checked) return { reason: checked.problem === 'expired' ? 'expired' : null };
      const user = await findLiveUserById(app.deps.db, checked.claims.sub);
      if (!user || user.tokenVersion !== checked.claims.ver) return { reason: 'account_changed' };
      return {
        user: {
          id: user.id,
          name: user.name,
          product_number: user.productNumber,
          user_type: user.userType,
          role: user.role,
          language: user.language,
        },
      };
    }
  },
  { name: 'auth', dependencies: ['deps'] },
);

/** The user the onRequest `app.authenticate` let through. */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (!request.signedInUser) throw new AppError('unauthorized', SESSION_ENDED);
  return request.signedInUser;
}
