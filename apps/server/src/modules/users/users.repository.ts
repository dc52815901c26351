import { and, asc, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { UserType } from '@switchboard/shared';
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

export async function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Every live user, newest first (a new account lands on the first page of the admin table). */
export function listLiveUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).where(isNull(users.deletedAt)).orderBy(desc(users.createdAt), asc(users.name), asc(users.id));
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
  userType: string;
  role: string;
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

/** Postgres unique violation: a concurrent request took the same number or name first. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
