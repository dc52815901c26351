/**
 * The wrong-code budgets of DESIGN.md §7: per (number, address) in a rolling hour, so a stranger's
 * guesses spend only the stranger's budget, and per number over all addresses in a rolling day, so
 * guessing from many addresses stays bounded. The number's own devices (device-cookie.ts) pass the
 * day's lock that strangers can fill, up to a second lock at twice it that only such devices can
 * reach: a copied or outdated cookie cannot guess without end either.
 */
import {
  AppError,
  OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR,
  OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY,
  type MessageValues,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { countOtpFailures, listOtpFailureAddresses, nthNewestOtpFailureAt } from './otp.repository.ts';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** Wrong codes of a number in a day after which even its own devices are stopped. */
export const DEVICE_WRONG_TRIES_PER_NUMBER_PER_DAY = 2 * OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY;

export interface NumberLock {
  failures24h: number;
  /** Set while the number is locked for everyone. */
  lockedUntil: Date | null;
}

/**
 * The number's failures of the last day, and until when they lock it: for everyone at
 * OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY, or with `limit`, for the number's own devices.
 */
export async function numberLockOf(
  db: Db,
  productNumber: string,
  now: Date,
  limit = OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY,
): Promise<NumberLock> {
  const since = new Date(now.getTime() - DAY_MS);
  const failures24h = await countOtpFailures(db, productNumber, since);
  if (failures24h < limit) return { failures24h, lockedUntil: null };
  const at = await nthNewestOtpFailureAt(db, productNumber, since, limit);
  return { failures24h, lockedUntil: at ? new Date(at.getTime() + DAY_MS) : null };
}

/** Until when this address may not try codes for this number; null when it still may. */
export async function addressLockOf(db: Db, productNumber: string, ip: string, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - HOUR_MS);
  const n = OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR;
  if ((await countOtpFailures(db, productNumber, since, ip)) < n) return null;
  const at = await nthNewestOtpFailureAt(db, productNumber, since, n, ip);
  return at ? new Date(at.getTime() + HOUR_MS) : null;
}

/** The addresses that sent wrong codes for a number in the last day, with their last hour's count. */
export function failingAddressesOf(db: Db, productNumber: string, now: Date) {
  return listOtpFailureAddresses(db, productNumber, new Date(now.getTime() - DAY_MS), new Date(now.getTime() - HOUR_MS));
}

/** The wait until `until`, as the messages' values: minutes below an hour and a half, hours above. */
function waitOf(until: Date, now: Date): MessageValues {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  if (minutes < 90) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.ceil(minutes / 60) };
}

/**
 * Throws unless codes of this number may be sent to or tried from this address: the number's daily
 * lock stops everyone but the number's own devices (and says so); a spent address budget stops only
 * that address, device or not.
 */
export async function assertWithinFailureBudgets(
  db: Db,
  productNumber: string,
  ip: string,
  now: Date,
  ownDevice = false,
): Promise<void> {
  const limit = ownDevice ? DEVICE_WRONG_TRIES_PER_NUMBER_PER_DAY : OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY;
  const { lockedUntil } = await numberLockOf(db, productNumber, now, limit);
  if (lockedUntil) {
    throw new AppError('rate_limited', 'auth.numberLocked', waitOf(lockedUntil, now));
  }
  const addressLockedUntil = await addressLockOf(db, productNumber, ip, now);
  if (addressLockedUntil) {
    throw new AppError('rate_limited', 'auth.addressLocked', waitOf(addressLockedUntil, now));
  }
}
