/** Sign-in: a verified OTP proves possession of the number; unknown numbers become customers. */
import { and, eq, isNotNull } from 'drizzle-orm';
import { AppError, displayNumber, type Role, type UserType } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { findLiveUserByNumber, insertUser, type UserRow } from '../users/users.repository.ts';
import type { TokenIssuer } from './tokens.ts';

export function issueToken(tokens: TokenIssuer, user: UserRow): Promise<string> {
  return tokens.sign({
    sub: user.id,
    ver: user.tokenVersion,
    user_type: user.userType as UserType,
    role: user.role as Role,
    name: user.name,
    number: user.productNumber,
  });
}

/** The live account of a number, created as a customer on first sign-in. */
export async function findOrCreateAccount(db: Db, productNumber: string): Promise<UserRow> {
  const live = await findLiveUserByNumber(db, productNumber);
  if (live) return live;
  const [deleted] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.productNumber, productNumber), isNotNull(users.deletedAt)))
    .limit(1);
  if (deleted) throw new AppError('forbidden', 'This account has been disabled. Please contact support.');
  try {
    return await insertUser(db, {
      name: `Customer ${displayNumber(productNumber)}`,
      productNumber,
      userType: 'customer',
      role: 'user',
    });
  } catch (error) {
    // Two first sign-ins of one number at once: the other request created the account.
    const created = await findLiveUserByNumber(db, productNumber);
    if (created) return created;
    throw error;
  }
}
