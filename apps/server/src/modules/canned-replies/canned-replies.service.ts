/**
 * Canned replies (DESIGN.md §19): ready answers for the questions asked a hundred times a day.
 * Staff read their department's and the shared ones and write their department's; admins read and
 * write all, shared ones included. Every write locks the row, checks the rule on what is stored
 * (and on what it becomes) and writes its audit row in the same transaction.
 */
import {
  AppError,
  canManageCannedReply,
  cannedReplyDepartmentsFor,
  canUseCannedReplies,
  PAGE_SIZE,
  type CannedReply,
  type CannedReplyBody,
  type CannedReplyListQuery,
  type CannedReplyListReply,
  type Department,
  type AuditAction,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { pageLinks } from '../../lib/pages.ts';
import {
  deleteCannedReplyRow,
  findCannedReplyView,
  insertCannedReply,
  listCannedReplyPage,
  lockCannedReply,
  updateCannedReply,
  type CannedReplyRow,
  type CannedReplyView,
} from './canned-replies.repository.ts';

/** Who acts, and from where (the audit row records both). */

export function assertCanUseCannedReplies(viewer: Actor): void {
  if (!canUseCannedReplies(viewer)) throw new AppError('forbidden', 'canned-replies.staffOnly');
}

/** The refusal of a write on a reply of `department`, naming what the rule is. */
function assertCanManage(viewer: Actor, department: Department | null): void {
  if (canManageCannedReply(viewer, { department })) return;
  throw new AppError('forbidden', department === null ? 'canned-replies.sharedForAdmins' : 'canned-replies.otherDepartment');
}

/** Staff may read the reply (their department's or a shared one; admins every one). */
function canRead(viewer: Actor, row: CannedReplyRow): boolean {
  const departments = cannedReplyDepartmentsFor(viewer);
  return departments === null || row.department === null || departments.includes(row.department);
}

function present(viewer: Actor, view: CannedReplyView): CannedReply {
  return {
    id: view.id,
    title: view.title,
    body_en: view.bodyEn,
    body_bn: view.bodyBn,
    department: view.department,
    created_by_name: view.createdByName,
    updated_at: view.updatedAt.toISOString(),
    can_manage: canManageCannedReply(viewer, view),
  };
}

async function audit(
  db: Db,
  actor: Actor,
  action: Extract<AuditAction, `canned_reply.${string}`>,
  id: string,
  details: Record<string, unknown>,
) {
  await insertAuditEntry(db, { actorUserId: actor.id, action, target: `canned_reply:${id}`, ip: actor.ip, details });
}

async function viewOf(db: Db, viewer: Actor, id: string): Promise<CannedReply> {
  const view = await findCannedReplyView(db, id);
  if (!view) throw new AppError('not_found', 'canned-replies.notFound');
  return present(viewer, view);
}

export async function listCannedReplies(db: Db, viewer: Actor, query: CannedReplyListQuery): Promise<CannedReplyListReply> {
  assertCanUseCannedReplies(viewer);
  const scope = { departments: cannedReplyDepartmentsFor(viewer), q: query.q };
  const { rows, total } = await listCannedReplyPage(db, scope, (query.page - 1) * PAGE_SIZE, PAGE_SIZE);
  return { data: rows.map((row) => present(viewer, row)), total, ...pageLinks(query.page, total) };
}

export async function createCannedReply(db: Db, actor: Actor, body: CannedReplyBody): Promise<CannedReply> {
  assertCanUseCannedReplies(actor);
  assertCanManage(actor, body.department);
  const created = await db.transaction(async (tx) => {
    const row = await insertCannedReply(tx, {
      title: body.title,
      bodyEn: body.body_en,
      bodyBn: body.body_bn,
      department: body.department,
      createdBy: actor.id,
    });
    await audit(tx, actor, 'canned_reply.create', row.id, { title: row.title, department: row.department });
    return row;
  });
  return viewOf(db, actor, created.id);
}

/**
 * Locks the reply and checks the rule on it. A reply the viewer may not even read answers 404 like
 * an unknown one; one they read but may not write (a shared one, for staff) answers 403.
 */
async function lockManageable(tx: Db, actor: Actor, id: string): Promise<CannedReplyRow> {
  const row = await lockCannedReply(tx, id);
  if (!row || !canRead(actor, row)) throw new AppError('not_found', 'canned-replies.notFound');
  assertCanManage(actor, row.department);
  return row;
}

export async function changeCannedReply(db: Db, actor: Actor, id: string, body: CannedReplyBody): Promise<CannedReply> {
  assertCanUseCannedReplies(actor);
  await db.transaction(async (tx) => {
    const before = await lockManageable(tx, actor, id);
    // Moving a reply is writing it where it lands: staff cannot hand theirs to another department or share it.
    assertCanManage(actor, body.department);
    await updateCannedReply(tx, id, {
      title: body.title,
      bodyEn: body.body_en,
      bodyBn: body.body_bn,
      department: body.department,
    });
    await audit(tx, actor, 'canned_reply.update', id, {
      title: body.title,
      department: body.department,
      ...(before.department === body.department ? {} : { previous_department: before.department }),
    });
  });
  return viewOf(db, actor, id);
}

export async function deleteCannedReply(db: Db, actor: Actor, id: string): Promise<void> {
  assertCanUseCannedReplies(actor);
  await db.transaction(async (tx) => {
    const row = await lockManageable(tx, actor, id);
    await deleteCannedReplyRow(tx, id);
    await audit(tx, actor, 'canned_reply.delete', id, { title: row.title, department: row.department });
  });
}
