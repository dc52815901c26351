/** Sign-in: a verified OTP proves possession of the number; unknown numbers become customers. */
import { AppError, automaticCustomerName, type Language } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { findLiveUserByNumber, hasDeletedUserWithNumber, insertUser, type UserRow } from '../users/users.repository.ts';
import type { TokenIssuer } from './tokens.ts';
import { rememberLanguage } from '../notifications/user-language.repository.ts';

export function issueToken(tokens: TokenIssuer, user: UserRow): Promise<string> {
  return tokens.sign({
    sub: user.id,
    ver: user.tokenVersion,
    user_type: user.userType,
    role: user.role,
    name: user.name,
    number: user.productNumber,
  });
}

/**
 * Signs in the owner of a number whose OTP was just verified: finds (or creates) the account,
 * remembers the language the person signed in with (their messages are written in it) and records
 * the sign-in, all in one transaction.
 */
export async function signIn(db: Db, productNumber: string, ip: string, language: Language): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const { user, created } = await findOrCreateAccount(tx, productNumber, language);
    if (!created) await rememberLanguage(tx, user.id, language);
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      action: 'auth.login',
      target: `user:${user.id}`,
      ip,
      details: { created },
    });
    return user;
  });
}

/**
 * The live account of a number, created as a customer (speaking `language`) on first sign-in, or
 * on the number's first SMS to the desk (DESIGN.md §24). Refused (403) when the number's account
 * was deleted.
 */
export async function findOrCreateAccount(
  db: Db,
  productNumber: string,
  language: Language,
): Promise<{ user: UserRow; created: boolean }> {
  const live = await findLiveUserByNumber(db, productNumber);
  if (live) return { user: live, created: false };
  if (await hasDeletedUserWithNumber(db, productNumber)) throw new AppError('forbidden', 'auth.accountDisabled');
  try {
    // A savepoint: a unique violation must not abort the sign-in's transaction.
    const user = await db.transaction((savepoint) =>
      insertUser(savepoint, {
        name: automaticCustomerName(productNumber),
        productNumber,
        userType: 'customer',
        role: 'user',
        language,
      }),
    );
    return { user, created: true };
  } catch (error) {
    // Two first sign-ins of one number at once: the other request created the account.
    const other = await findLiveUserByNumber(db, productNumber);
    if (other) return { user: other, created: false };
    throw error;
  }
}
