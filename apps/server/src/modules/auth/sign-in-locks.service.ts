/** Admins see and lift a number's wrong-OTP lock (DESIGN.md §7); every lift is audited. */
import { AppError, canManageUsers, OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY, type SignInLock } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { failingAddressesOf, numberLockOf } from './failure-budget.ts';
import { deleteOtpFailures, lockNumber } from './otp.repository.ts';

export function assertCanManageSignInLocks(viewer: Actor): void {
  if (!canManageUsers(viewer)) throw new AppError('forbidden', 'auth.locksAdminsOnly');
}

export async function readSignInLock(db: Db, productNumber: string, now = new Date()): Promise<SignInLock> {
  const { failures24h, lockedUntil } = await numberLockOf(db, productNumber, now);
  const addresses = await failingAddressesOf(db, productNumber, now);
  return {
    product_number: productNumber,
    failures_24h: failures24h,
    addresses: addresses.map(({ ip, recent }) => ({ ip, failures_1h: recent })),
    locked: failures24h >= OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY,
    locked_until: lockedUntil?.toISOString() ?? null,
  };
}

/**
 * Forgets the number's wrong codes, which lifts both its own lock and every address's, and records
 * who did it in the same transaction: a lift without its audit row cannot happen.
 */
export async function clearSignInLock(db: Db, productNumber: string, actor: Actor, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockNumber(tx, productNumber);
    const cleared = await deleteOtpFailures(tx, productNumber);
    await insertAuditEntry(tx, {
      actorUserId: actor.id,
      action: 'auth.clear_lock',
      target: productNumber,
      ip,
      details: { failures_cleared: cleared },
    });
  });
}
