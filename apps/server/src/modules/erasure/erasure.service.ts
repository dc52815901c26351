/**
 * Erasure of a number's personal data (DESIGN.md §29): admins, with the number typed twice. One
 * transaction rewrites the number's accounts, the tickets it raised or is about, the comments its
 * person wrote, its subscriber row and the record of messages to and from it, and writes one `number.erase` audit row that names the
 * accounts by id and never the number (docs/decisions.md).
 */
import { AppError, canEraseNumber, type ErasureCounts } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { lockNumber } from '../auth/otp.repository.ts';
import {
  eraseAccounts,
  eraseComments,
  eraseMessages,
  eraseSubscribers,
  eraseTickets,
  forgetSignIns,
  lockAccountsOfNumber,
  type NumberAccount,
} from './erasure.repository.ts';

export function assertCanEraseNumber(actor: Actor): void {
  if (!canEraseNumber(actor) || actor.client) throw new AppError('forbidden', 'erasure.adminsOnly');
}

/** A live staff account is removed on the users screen, never erased from under its owner. */
function isLiveStaffAccount(account: NumberAccount): boolean {
  const customerSide = account.userType === 'customer' || account.userType === 'agent';
  return account.deletedAt === null && (!customerSide || account.role !== 'user');
}

/** Erases `number` (stored form) once `confirm` (stored form) is the same number. */
export async function eraseNumber(db: Db, actor: Actor, number: string, confirm: string, ip: string): Promise<ErasureCounts> {
  assertCanEraseNumber(actor);
  if (confirm !== number) throw new AppError('bad_request', 'erasure.confirmMismatch');
  return db.transaction(async (tx) => {
    // The sign-in of the number waits: no new account of it appears halfway.
    await lockNumber(tx, number);
    const accounts = await lockAccountsOfNumber(tx, number);
    if (accounts.some(isLiveStaffAccount)) throw new AppError('conflict', 'erasure.staffAccount');
    const accountIds = accounts.map((account) => account.id);
    // Comments first: they find the person's tickets by the number, which the tickets then lose.
    const commentsErased = await eraseComments(tx, number, accountIds);
    const ticketIds = await eraseTickets(tx, number, accountIds);
    const counts: ErasureCounts = {
      tickets: ticketIds.length,
      comments: commentsErased,
      users: await eraseAccounts(tx, number, accountIds),
      subscribers: await eraseSubscribers(tx, number),
    };
    await eraseMessages(tx, number);
    await forgetSignIns(tx, number);
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'number.erase',
      target: accountIds[0] ? `user:${accountIds[0]}` : 'number:erased',
      ip,
      details: { ...counts, user_ids: accountIds, ticket_ids: ticketIds.slice(0, 1000) },
    });
    return counts;
  });
}
