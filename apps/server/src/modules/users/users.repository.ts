import { and, asc, count, desc, eq, ilike, isNotNull, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Role, UserType } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findLiveUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function findLiveUserByNumber(db: Db, productNumber: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.productNumber, productNumber), isNull(users.deletedAt)));
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

/**
 * Part of a name (any case) or, when `q` is digits with or without a leading +, part of the
 * number: every typed form (0963…, 88096…, +88096…) is a piece of the stored 88096….
 */
function userSearchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const byName = ilike(users.name, `%${escapeLike(q)}%`);
  const digits = /^\+?\d+$/.test(q) ? q.replace(/^\+/, '') : null;
  return digits === null ? byName : or(byName, like(users.productNumber, `%${digits}%`));
}

/** One page of live users matching `q`, newest first (a new account lands on the first page), and their number. */
export async function listLiveUsersPage(
  db: Db,
  q: string | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(isNull(users.deletedAt), userSearchOf(q));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.name), asc(users.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Live users whose name or number contains `q`, optionally of one type, by name. */
export function searchLiveUsers(
  db: Db,
  filter: { q?: string | undefined; userType?: UserType | undefined },
  limit: number,
): Promise<Pick<UserRow, 'id' | 'name' | 'productNumber' | 'userType'>[]> {
  const conditions = [isNull(users.deletedAt)];
  if (filter.userType) conditions.push(eq(users.userType, filter.userType));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const matches = or(ilike(users.name, pattern), ilike(users.productNumber, pattern));
    if (matches) conditions.push(matches);
  }
  return db
    .select({ id: users.id, name: users.name, productNumber: users.productNumber, userType: users.userType })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
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

/** Soft delete: history keeps the name; the bumped version ends every session at once. */
export async function softDeleteLiveUser(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: new Date(), updatedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
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
