import { and, asc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Role, UserType } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** The statement of every signed-in request. */
const liveUserById = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare('live_user_by_id'),
);

export async function findLiveUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await liveUserById(db).execute({ id });
  return row;
}

export async function findLiveUserByNumber(db: Db, productNumber: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.productNumber, productNumber), isNull(users.deletedAt), eq(users.kind, 'person')));
  return row;
}

/** Whether a deleted (disabled) account ever held this number. */
export async function hasDeletedUserWithNumber(db: Db, productNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.productNumber, productNumber), isNotNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Whether another live user holds this number. */
export async function isNumberTakenByOther(db: Db, productNumber: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.productNumber, productNumber), isNull(users.deletedAt), ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the rows of the live admins until the transaction ends and returns their ids, so that two
 * admins removing each other at the same moment cannot leave the product without an admin.
 */
export async function lockLiveAdminIds(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .for('update');
  return rows.map((row) => row.id);
}

export interface UserChanges {
  name: string;
  productNumber: string;
  userType: UserType;
  role: Role;
  phoneNumber?: string | undefined;
  /** Ends the user's sessions: tokens carry the version they were issued with. */
  endSessions: boolean;
}

export async function updateLiveUser(db: Db, id: string, changes: UserChanges): Promise<UserRow | undefined> {
  const { endSessions, phoneNumber, ...fields } = changes;
  const [row] = await db
    .update(users)
    .set({
      ...fields,
      ...(phoneNumber === undefined ? {} : { phoneNumber }),
      ...(endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

/**
 * Soft delete: history keeps the name; the bumped version ends every session at once. A client's
 * account is not a user to delete (revoking the client ends it).
 */
export async function softDeleteLiveUser(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: new Date(), updatedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.id, id), isNull(users.deletedAt), eq(users.kind, 'person')))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The name of the account with this product or phone number (stored form), live accounts first:
 * reports name the issuer they are filtered by, also when the account was deleted since.
 */
export async function findNameByNumber(db: Db, storedNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(or(eq(users.productNumber, storedNumber), eq(users.phoneNumber, storedNumber)))
    .orderBy(sql`${users.deletedAt} is not null`, asc(users.createdAt))
    .limit(1);
  return row?.name ?? null;
}
