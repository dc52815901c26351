/**
 * Each person's language (DESIGN.md §16): the one they last used the desk in, kept on the account
 * so that an SMS written later, without a request at hand, speaks it.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Language } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Records `language` as the user's current one. Written only when it changed, so the usual call
 * (the same language as last time) neither writes the row nor waits for its lock.
 */
export async function rememberLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), ne(users.language, language)));
}

/** The user's current language; undefined when there is no such user. */
export async function findUserLanguage(db: Db, userId: string): Promise<Language | undefined> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language;
}
