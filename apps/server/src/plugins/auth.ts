/**
 * Bearer token → the signed-in user, read from the database on every request (DESIGN.md §6). The
 * lookups (the token check, the live user) are handed in by app.ts: the request edge imports no
 * module. The signed-in scope (signed-in.ts) runs `authenticate` in `onRequest`, before any body is
 * read: a stranger costs no parsing and no validation.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import {
  API_TOKEN_PREFIX,
  AppError,
  type AccountKind,
  type ApiScope,
  type Language,
  type Role,
  type ServerMessageKey,
  type UserType,
} from '@switchboard/shared';
import { parseApiToken, secretMatches } from '../lib/api-tokens.ts';

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
  /** A client's account never signs in with a session token. */
  kind: AccountKind;
}

/** An API client as its token check needs it: one read by primary key (DESIGN.md §21). */
export interface ClientAccount {
  id: string;
  scopes: readonly ApiScope[];
  /** SHA-256 of the token's secret part, hex. */
  tokenHash: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** The client's own account (kind 'client'), live. */
  account: LiveAccount;
}

export interface AuthOptions {
  checkToken: (token: string) => Promise<SessionTokenCheck>;
  /** The account of that id, unless it was deleted. */
  findLiveAccount: (id: string) => Promise<LiveAccount | undefined>;
  /** The API client of that id with its live account, read afresh on every request: a revoke is seen at once. */
  findClient: (id: string) => Promise<ClientAccount | undefined>;
  /** Notes that the client was used (last_used_at); called at most about once a minute per client. */
  noteClientUse: (id: string) => Promise<void>;
}

/** A client's use is noted at most this often (ms), not on every request. */
const CLIENT_USE_NOTED_EVERY_MS = 60_000;

/** Why a client's token was refused. */
const CLIENT_REFUSED = {
  invalid: 'integrations.tokenInvalid',
  revoked: 'integrations.tokenRevoked',
  expired: 'integrations.tokenExpired',
} as const satisfies Record<string, ServerMessageKey>;

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
  async (app, { checkToken, findLiveAccount, findClient, noteClientUse }: AuthOptions) => {
    app.decorateRequest('actor', null);
    app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const token = bearerOf(request);
      if (token?.startsWith(API_TOKEN_PREFIX)) {
        request.actor = await clientActorOf(request, token);
        return;
      }
      const session = await sessionOf(request, token);
      if ('actor' in session) {
        request.actor = session.actor;
        return;
      }
      if (!session.reason) throw new AppError('unauthorized', 'auth.sessionEnded');
      throw new AppError('unauthorized', ENDED_BECAUSE[session.reason], undefined, { reason: session.reason });
    });

    async function sessionOf(request: FastifyRequest, token: string | null): Promise<Session> {
      if (!token) return { reason: null };
      const checked = await checkToken(token);
      if ('problem' in checked) return { reason: checked.problem === 'expired' ? 'expired' : null };
      const account = await findLiveAccount(checked.claims.sub);
      if (!account || account.tokenVersion !== checked.claims.ver || account.kind !== 'person')
        return { reason: 'account_changed' };
      return { actor: actorFrom(request, account, { tokenVersion: account.tokenVersion, expiresAt: checked.expiresAt }, null) };
    }

    /**
     * The actor of a client's token, or a 401 saying why not. A token with a known client id and
     * another secret is as invalid as a malformed one; revoked and expired are told apart, so that
     * whoever runs the integration knows what to do.
     */
    async function clientActorOf(request: FastifyRequest, token: string): Promise<Actor> {
      const parsed = parseApiToken(token);
      const client = parsed && (await findClient(parsed.clientId));
      if (!parsed || !client || !secretMatches(parsed.secret, client.tokenHash))
        throw new AppError('unauthorized', CLIENT_REFUSED.invalid);
      if (client.revokedAt) throw new AppError('unauthorized', CLIENT_REFUSED.revoked);
      const now = Date.now();
      if (client.expiresAt && client.expiresAt.getTime() <= now) throw new AppError('unauthorized', CLIENT_REFUSED.expired);
      if (!client.lastUsedAt || now - client.lastUsedAt.getTime() >= CLIENT_USE_NOTED_EVERY_MS) await noteClientUse(client.id);
      const { account } = client;
      const session = { tokenVersion: account.tokenVersion, expiresAt: client.expiresAt?.getTime() ?? Infinity };
      return actorFrom(request, account, session, { id: client.id, scopes: client.scopes });
    }
  },
  { name: 'auth' },
);

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
}

function actorFrom(request: FastifyRequest, account: LiveAccount, session: Actor['session'], client: ActingClient | null): Actor {
  return {
    id: account.id,
    name: account.name,
    product_number: account.productNumber,
    user_type: account.userType,
    role: account.role,
    language: account.language,
    session,
    ip: request.ip,
    client,
  };
}

/** The person the signed-in scope let through. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', 'auth.sessionEnded');
  return request.actor;
}
