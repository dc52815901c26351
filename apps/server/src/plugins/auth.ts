/**
 * Bearer token → the signed-in user, read from the database on every request (DESIGN.md §6). The
 * lookups (the token check, the live user) are handed in by app.ts: the request edge imports no
 * module. The signed-in scope (signed-in.ts) runs `authenticate` in `onRequest`, before any body is
 * read: a stranger costs no parsing and no validation.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError, type ApiScope, type Language, type Role, type ServerMessageKey, type UserType } from '@switchboard/shared';

/**
 * The person acting: the signed-in user of a request. Field names follow the API (and the shared
 * permission rules), not the database.
 */
export interface Actor {
  id: string;
  name: string;
  product_number: string;
  user_type: UserType;
  role: Role;
  /** The language the account last used the desk in, as the request found it (DESIGN.md §16). */
  language: Language;
  /** The session behind the request: what a live event stream checks again while it is open. */
  session: { tokenVersion: number; expiresAt: number };
  /** The address the request came from, for the audit trail. */
  ip: string;
  /**
   * The API client whose token made the request (DESIGN.md §21), or null for a person: the account
   * above is then the client's own (kind 'client'), with a staff member's rights of its department.
   */
  client: ActingClient | null;
}

/** A client as a request it makes carries it: the scopes its token grants. */
export interface ActingClient {
  id: string;
  scopes: readonly ApiScope[];
}

/** A token read by the token issuer: the account and version it names, or why not. */
export type SessionTokenCheck = { claims: { sub: string; ver: number }; expiresAt: number } | { problem: 'expired' | 'invalid' };

/** An account as the sign-in check needs it. */
export interface LiveAccount {
  id: string;
  name: string;
  productNumber: string;
  userType: UserType;
  role: Role;
  language: Language;
  tokenVersion: number;
}

export interface AuthOptions {
  checkToken: (token: string) => Promise<SessionTokenCheck>;
  /** The account of that id, unless it was deleted. */
  findLiveAccount: (id: string) => Promise<LiveAccount | undefined>;
}

/**
 * Why a session ended, in `details.reason` of the 401, for the sign-in screen to say so:
 * `account_changed` when the token is ours and unexpired but its user was deleted or changed
 * (token_version moved on), `expired` when it is ours and expired. Anything else gets no reason.
 */
export type SessionEndReason = 'account_changed' | 'expired';

const ENDED_BECAUSE: Record<SessionEndReason, ServerMessageKey> = {
  account_changed: 'auth.sessionEndedAccountChanged',
  expired: 'auth.sessionExpired',
};

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** onRequest hook: refuses the request with 401 unless it carries a valid token of a live user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

type Session = { actor: Actor } | { reason: SessionEndReason | null };

export default fp(
  async (app, { checkToken, findLiveAccount }: AuthOptions) => {
    app.decorateRequest('actor', null);
    app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const session = await sessionOf(request);
      if ('actor' in session) {
        request.actor = session.actor;
        return;
      }
      if (!session.reason) throw new AppError('unauthorized', 'auth.sessionEnded');
      throw new AppError('unauthorized', ENDED_BECAUSE[session.reason], undefined, { reason: session.reason });
    });

    async function sessionOf(request: FastifyRequest): Promise<Session> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
      if (!token) return { reason: null };
      const checked = await checkToken(token);
      if ('problem' in checked) return { reason: checked.problem === 'expired' ? 'expired' : null };
      const account = await findLiveAccount(checked.claims.sub);
      if (!account || account.tokenVersion !== checked.claims.ver) return { reason: 'account_changed' };
      return {
        actor: {
          id: account.id,
          name: account.name,
          product_number: account.productNumber,
          user_type: account.userType,
          role: account.role,
          language: account.language,
          session: { tokenVersion: account.tokenVersion, expiresAt: checked.expiresAt },
          ip: request.ip,
          client: null,
        },
      };
    }
  },
  { name: 'auth' },
);

/** The person the signed-in scope let through. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 'auth.sessionEnded');
  return request.actor;
}
