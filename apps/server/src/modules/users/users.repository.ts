import { and, eq, isNull } from 'drizzle-orm';
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
