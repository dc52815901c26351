/** User administration (admins only) and the user lookup behind pickers. */
import {
  AppError,
  canManageUsers,
  canUseReports,
  USER_LOOKUP_LIMIT,
  type Role,
  type SignupBody,
  type UpdateUserBody,
  type User,
  type UserLookupItem,
  type UserLookupQuery,
  type UserType,
  type Viewer,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import {
  findLiveUserById,
  findLiveUserByNumber,
  insertUser,
  isNumberTakenByOther,
  isUniqueViolation,
  listLiveUsers,
  lockLiveAdminIds,
  searchLiveUsers,
  softDeleteLiveUser,
  updateLiveUser,
  type UserRow,
} from './users.repository.ts';

const NUMBER_TAKEN = 'A user with this number already exists';
const USER_NOT_FOUND = 'This user does not exist or has been deleted';
const LAST_ADMIN = 'The last admin cannot be removed; make another user admin first';

/** Refuses anyone but an admin (also checked by the routes before the body is read). */
export function assertCanManageUsers(viewer: Viewer): void {
  if (!canManageUsers(viewer)) throw new AppError('forbidden', 'Only admins can manage users');
}

export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    product_number: row.productNumber,
    phone_number: row.phoneNumber,
    user_type: row.userType as UserType,
    role: row.role as Role,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listUsers(db: Db, viewer: SignedInUser): Promise<User[]> {
  assertCanManageUsers(viewer);
  return (await listLiveUsers(db)).map(presentUser);
}

/** The report form picks users; so the report's user types and the admins may look them up. */
export async function lookupUsers(db: Db, viewer: SignedInUser, query: UserLookupQuery): Promise<UserLookupItem[]> {
  if (!canManageUsers(viewer) && !canUseReports(viewer)) {
    throw new AppError('forbidden', 'You cannot look up users');
  }
  const rows = await searchLiveUsers(db, { q: query.q, userType: query.user_type }, USER_LOOKUP_LIMIT);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    product_number: row.productNumber,
    user_type: row.userType as UserType,
  }));
}

export async function createUser(db: Db, viewer: SignedInUser, body: SignupBody): Promise<User> {
  assertCanManageUsers(viewer);
  if (await findLiveUserByNumber(db, body.product_number)) throw new AppError('conflict', NUMBER_TAKEN);
  try {
    const row = await insertUser(db, {
      name: body.name,
      productNumber: body.product_number,
      phoneNumber: body.phone_number,
      userType: body.user_type,
      role: body.role,
    });
    return presentUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', NUMBER_TAKEN);
    throw error;
  }
}

/**
 * Edits a user. A change of role, type or number ends their sessions at once (rights are read from
 * the database anyway; the new token carries the new claims for the UI). `created_at` is ignored.
 */
export async function updateUser(db: Db, viewer: SignedInUser, id: string, body: UpdateUserBody): Promise<User> {
  assertCanManageUsers(viewer);
  try {
    return await db.transaction(async (tx) => {
      const adminIds = await lockLiveAdminIds(tx);
      if (!adminIds.includes(viewer.id)) throw new AppError('forbidden', 'Only admins can manage users');
      const current = await findLiveUserById(tx, id);
      if (!current) throw new AppError('not_found', USER_NOT_FOUND);
      if (current.role === 'admin' && body.role !== 'admin' && adminIds.length <= 1) {
        throw new AppError('conflict', LAST_ADMIN);
      }
      if (await isNumberTakenByOther(tx, body.product_number, id)) throw new AppError('conflict', NUMBER_TAKEN);
      const endSessions =
        current.role !== body.role || current.userType !== body.user_type || current.productNumber !== body.product_number;
      const row = await updateLiveUser(tx, id, {
        name: body.name,
        productNumber: body.product_number,
        userType: body.user_type,
        role: body.role,
        phoneNumber: body.phone_number,
        endSessions,
      });
      if (!row) throw new AppError('not_found', USER_NOT_FOUND);
      return presentUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', NUMBER_TAKEN);
    throw error;
  }
}

/** Soft-deletes a user and ends their sessions. Nobody deletes themselves or the last admin. */
export async function deleteUser(db: Db, viewer: SignedInUser, id: string): Promise<void> {
  assertCanManageUsers(viewer);
  if (viewer.id === id) throw new AppError('conflict', 'You cannot delete your own account');
  await db.transaction(async (tx) => {
    const adminIds = await lockLiveAdminIds(tx);
    // The viewer may have lost the role (or the account) since the request was authenticated.
    if (!adminIds.includes(viewer.id)) throw new AppError('forbidden', 'Only admins can manage users');
    if (adminIds.includes(id) && adminIds.length <= 1) throw new AppError('conflict', LAST_ADMIN);
    if (!(await softDeleteLiveUser(tx, id))) throw new AppError('not_found', USER_NOT_FOUND);
  });
}
