/** User administration (admins only) and the user lookup behind pickers. */
import {
  AppError,
  canLookUpUsers,
  canManageUsers,
  PAGE_SIZE,
  USER_LOOKUP_LIMIT,
  type SignupBody,
  type UpdateUserBody,
  type User,
  type UserListQuery,
  type UserListReply,
  type UserLookupItem,
  type UserLookupQuery,
  type Viewer,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { publishAccountEvent } from '../events/publish.ts';
import { pageLinks } from '../../lib/pages.ts';
import {
  findLiveUserById,
  findLiveUserByNumber,
  insertUser,
  isNumberTakenByOther,
  lockLiveAdminIds,
  softDeleteLiveUser,
  updateLiveUser,
  type UserRow,
} from './users.repository.ts';
import { listLiveUsersPage, searchLiveUsers } from './users-list.repository.ts';

/** Refuses anyone but an admin (also checked by the routes before the body is read). */
export function assertCanManageUsers(viewer: Viewer): void {
  if (!canManageUsers(viewer)) throw new AppError('forbidden', 'users.adminsOnly');
}

export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    product_number: row.productNumber,
    phone_number: row.phoneNumber,
    user_type: row.userType,
    role: row.role,
    created_at: row.createdAt.toISOString(),
  };
}

/** One page (10) of the live users matching the search, newest first. */
export async function listUsers(db: Db, viewer: Actor, query: UserListQuery): Promise<UserListReply> {
  assertCanManageUsers(viewer);
  const { rows, total, totalIsEstimate } = await listLiveUsersPage(db, query.q, (query.page - 1) * PAGE_SIZE, PAGE_SIZE);
  return { data: rows.map(presentUser), total, total_is_estimate: totalIsEstimate, ...pageLinks(query.page, total) };
}

/** The report form picks users; so the report's user types and the admins may look them up. */
export async function lookupUsers(db: Db, viewer: Actor, query: UserLookupQuery): Promise<UserLookupItem[]> {
  if (!canLookUpUsers(viewer)) {
    throw new AppError('forbidden', 'users.cannotLookUp');
  }
  const rows = await searchLiveUsers(db, { q: query.q, userType: query.user_type }, USER_LOOKUP_LIMIT);
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    product_number: row.productNumber,
    user_type: row.userType,
  }));
}

/** The fields of an edit that differ from the stored user (the audit row names them, not their values). */
function changedFields(current: UserRow, body: UpdateUserBody): string[] {
  const before: Record<string, unknown> = {
    name: current.name,
    product_number: current.productNumber,
    phone_number: current.phoneNumber ?? undefined,
    user_type: current.userType,
    role: current.role,
  };
  const after: Record<string, unknown> = { ...body, phone_number: body.phone_number ?? undefined };
  return Object.keys(before).filter((field) => before[field] !== after[field]);
}

export async function createUser(db: Db, viewer: Actor, body: SignupBody, ip: string): Promise<User> {
  assertCanManageUsers(viewer);
  if (await findLiveUserByNumber(db, body.product_number)) throw new AppError('conflict', 'users.numberTaken');
  try {
    const row = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        name: body.name,
        productNumber: body.product_number,
        phoneNumber: body.phone_number,
        userType: body.user_type,
        role: body.role,
      });
      await insertAuditEntry(tx, {
        actorUserId: viewer.id,
        action: 'user.create',
        target: `user:${created.id}`,
        ip,
        details: { user_type: created.userType, role: created.role },
      });
      return created;
    });
    return presentUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'users.numberTaken');
    throw error;
  }
}

/**
 * Edits a user. A change of role, type or number ends their sessions at once (rights are read from
 * the database anyway; the new token carries the new claims for the UI). `created_at` is ignored.
 */
export async function updateUser(db: Db, viewer: Actor, id: string, body: UpdateUserBody, ip: string): Promise<User> {
  assertCanManageUsers(viewer);
  try {
    return await db.transaction(async (tx) => {
      const adminIds = await lockLiveAdminIds(tx);
      if (!adminIds.includes(viewer.id)) throw new AppError('forbidden', 'users.adminsOnly');
      const current = await findLiveUserById(tx, id);
      // A client's account is the integrations' to manage: to the users table it does not exist.
      if (!current || current.kind !== 'person') throw new AppError('not_found', 'users.notFound');
      if (current.role === 'admin' && body.role !== 'admin' && adminIds.length <= 1) {
        throw new AppError('conflict', 'users.lastAdmin');
      }
      if (await isNumberTakenByOther(tx, body.product_number, id)) throw new AppError('conflict', 'users.numberTaken');
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
      if (!row) throw new AppError('not_found', 'users.notFound');
      // Their open event streams end at once, not at the next heartbeat's account check.
      if (endSessions) await publishAccountEvent(tx, id);
      await insertAuditEntry(tx, {
        actorUserId: viewer.id,
        action: 'user.update',
        target: `user:${id}`,
        ip,
        details: { changed: changedFields(current, body), user_type: row.userType, role: row.role, sessions_ended: endSessions },
      });
      return presentUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'users.numberTaken');
    throw error;
  }
}

/** Soft-deletes a user and ends their sessions. Nobody deletes themselves or the last admin. */
export async function deleteUser(db: Db, viewer: Actor, id: string, ip: string): Promise<void> {
  assertCanManageUsers(viewer);
  if (viewer.id === id) throw new AppError('conflict', 'users.cannotDeleteSelf');
  await db.transaction(async (tx) => {
    const adminIds = await lockLiveAdminIds(tx);
    // The viewer may have lost the role (or the account) since the request was authenticated.
    if (!adminIds.includes(viewer.id)) throw new AppError('forbidden', 'users.adminsOnly');
    if (adminIds.includes(id) && adminIds.length <= 1) throw new AppError('conflict', 'users.lastAdmin');
    if (!(await softDeleteLiveUser(tx, id))) throw new AppError('not_found', 'users.notFound');
    await publishAccountEvent(tx, id);
    await insertAuditEntry(tx, { actorUserId: viewer.id, action: 'user.delete', target: `user:${id}`, ip });
  });
}
