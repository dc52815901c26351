/**
 * Who knocks: every kind of caller the access matrix asks about, each with its own bearer header
 * and its own client address (so that per-address limits of one caller never decide another's cell).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { Role, UserType } from '@switchboard/shared';
import type { Config } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { issueToken } from '../../src/modules/auth/auth.service.ts';
import type { UserRow } from '../../src/modules/users/users.repository.ts';
import { buildUser } from '../factories.ts';

/** The columns of the access matrix, in its order. */
export const CALLERS = [
  'anonymous',
  'customer',
  'otherCustomer',
  'agent',
  'cc',
  'rs',
  'iptsp',
  'ossBss',
  'support',
  'moderator',
  'admin',
  'deletedUser',
  'expiredToken',
] as const;
export type CallerName = (typeof CALLERS)[number];

/**
 * The columns of the token matrix (DESIGN.md §21): no token; a live token of a cc client with every
 * scope; the same revoked; expired; a cc client's token without the scope the row needs; a token of
 * another client (rs, every scope: it acts with rs's rights); client A's id with client B's secret.
 */
export const TOKEN_COLUMNS = ['noToken', 'live', 'revoked', 'expired', 'withoutScope', 'otherClient', 'forged'] as const;
export type TokenColumn = (typeof TOKEN_COLUMNS)[number];

export interface Caller {
  /** A column of the access matrix, or of its token matrix (access-tokens.test.ts). */
  name: CallerName | TokenColumn;
  /** null for the anonymous caller. */
  user: UserRow | null;
  headers: Record<string, string>;
  /** The client address of every request of this caller. */
  ip: string;
}

/**
 * Accounts behind the columns. Roles sit on iptsp and oss_bss users, types that have no rights of
 * their own beyond staff (no reports, no lookups), so that what a role column allows is the role's
 * doing. The deleted user was a cc admin: even the strongest account is nothing once deleted.
 */
const ACCOUNTS: Record<Exclude<CallerName, 'anonymous'>, { userType: UserType; role: Role }> = {
  customer: { userType: 'customer', role: 'user' },
  otherCustomer: { userType: 'customer', role: 'user' },
  agent: { userType: 'agent', role: 'user' },
  cc: { userType: 'cc', role: 'user' },
  rs: { userType: 'rs', role: 'user' },
  iptsp: { userType: 'iptsp', role: 'user' },
  ossBss: { userType: 'oss_bss', role: 'user' },
  support: { userType: 'oss_bss', role: 'support' },
  moderator: { userType: 'iptsp', role: 'moderator' },
  admin: { userType: 'iptsp', role: 'admin' },
  deletedUser: { userType: 'cc', role: 'admin' },
  expiredToken: { userType: 'cc', role: 'admin' },
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A token of `user` signed like the app's (HS256) with `secret`, valid for the hour before `expiresAt`. */
export async function tokenSignedWith(secret: string, user: UserRow, expiresAt: number): Promise<string> {
  return new SignJWT({
    sub: user.id,
    ver: user.tokenVersion,
    user_type: user.userType,
    role: user.role,
    name: user.name,
    number: user.productNumber,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

/** A token signed with the app's own secret and algorithm whose expiry has passed. */
function expiredTokenFor(config: Config, user: UserRow): Promise<string> {
  return tokenSignedWith(config.jwtSecret, user, Math.floor(Date.now() / 1000) - 60);
}

/** Creates the accounts and tokens of every caller. */
export async function buildCallers(app: FastifyInstance, db: Db, config: Config): Promise<Record<CallerName, Caller>> {
  const callers = {} as Record<CallerName, Caller>;
  let index = 0;
  for (const name of CALLERS) {
    index += 1;
    const ip = `198.51.100.${index}`;
    if (name === 'anonymous') {
      callers[name] = { name, user: null, headers: {}, ip };
      continue;
    }
    const account = ACCOUNTS[name];
    const user = await buildUser(db, { ...account, name: `Matrix ${name}` });
    const token = name === 'expiredToken' ? await expiredTokenFor(config, user) : await issueToken(app.tokens, user);
    if (name === 'deletedUser') await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    callers[name] = { name, user, headers: bearer(token), ip };
  }
  return callers;
}
