/** One-time passwords (DESIGN.md §7): hashed, short-lived, single use, budgets that resends do not reset. */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  DEFAULT_LANGUAGE,
  OTP_LENGTH,
  OTP_MAX_WRONG_TRIES,
  OTP_TTL_MINUTES,
  OTP_TTL_SECONDS,
  type Language,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { assertWithinFailureBudgets, DAY_MS, HOUR_MS } from './failure-budget.ts';
import { say } from '../../lib/messages.ts';
import type { SmsSender } from '../../lib/sms.ts';
import {
  consumeOtp,
  countWrongTry,
  deleteOtp,
  findUsableOtp,
  insertOtp,
  insertOtpFailure,
  listRecentOtps,
  lockNumber,
  markOtpSent,
  purgeOldOtpFailures,
  purgeOldOtps,
  type OtpRow,
} from './otp.repository.ts';

export interface OtpContext {
  db: Db;
  sms: SmsSender;
  secret: string;
  brandName: string;
  /** Seconds between two codes of one number asked for from one address (60 in production; shorter in browser tests). */
  resendCooldownSeconds: number;
  /** Codes of one number asked for from one address in an hour. */
  maxCodesPerHour: number;
  /** Codes of one number in an hour from all addresses; the number's own devices may go to twice this. */
  maxCodesPerNumberPerHour: number;
  now?: Date;
}

function hashCode(secret: string, productNumber: string, code: string): string {
  return createHmac('sha256', secret).update(`${productNumber}:${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function minutesLeft(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/**
 * The text of the SMS in the language of the screen that asked for it (DESIGN.md §16); the validity
 * is the rule's, so the message cannot drift from it. The language is not recorded: the number is not
 * proven yet.
 */
export function otpMessage(brandName: string, code: string, language: Language = DEFAULT_LANGUAGE): string {
  return say(language, 'auth.otpSms', { brand: brandName, code, minutes: OTP_TTL_MINUTES });
}

/** The wait until the code that keeps `codes` (newest first) at `cap` leaves the hour. */
function waitForCap(codes: OtpRow[], cap: number, now: Date): number {
  const limiting = codes[cap - 1];
  return limiting ? limiting.createdAt.getTime() + HOUR_MS - now.getTime() : 0;
}

/**
 * Throws unless the number may get another code asked for from `ip` now. The cooldown and the small
 * hourly cap count the codes asked for from this address; the number-wide cap counts all of them,
 * and is twice as high for the number's own device, so strangers cannot fill it for the owner.
 */
function assertMayResend(context: OtpContext, recent: OtpRow[], ip: string, ownDevice: boolean, now: Date): void {
  const fromHere = recent.filter((row) => row.ip === ip);
  const newest = fromHere[0];
  if (newest) {
    const waitMs = newest.createdAt.getTime() + context.resendCooldownSeconds * 1000 - now.getTime();
    if (waitMs > 0) {
      throw new AppError('rate_limited', 'auth.otpCooldown', { seconds: Math.ceil(waitMs / 1000) });
    }
  }
  const numberCap = context.maxCodesPerNumberPerHour * (ownDevice ? 2 : 1);
  const waitMs = Math.max(
    fromHere.length >= context.maxCodesPerHour ? waitForCap(fromHere, context.maxCodesPerHour, now) : 0,
    recent.length >= numberCap ? waitForCap(recent, numberCap, now) : 0,
  );
  if (waitMs > 0) throw new AppError('rate_limited', 'auth.otpTooMany', { minutes: minutesLeft(waitMs) });
}

/**
 * Sends a fresh code, unless the (number, address) is inside its cooldown or hourly cap, the number
 * at its cap over all addresses, or the wrong-code budgets refuse it: a code is not sent where it
 * could not be tried. `ownDevice`: the request carries the number's device cookie; `language`: the
 * asking screen's, which the SMS is written in.
 */
export async function sendOtp(
  context: OtpContext,
  productNumber: string,
  ip: string,
  ownDevice = false,
  language: Language = DEFAULT_LANGUAGE,
): Promise<void> {
  const { db, sms } = context;
  const now = context.now ?? new Date();
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  await purgeOldOtps(db, new Date(now.getTime() - DAY_MS));
  await purgeOldOtpFailures(db, new Date(now.getTime() - DAY_MS));
  // Checked and recorded under the number's lock, so parallel requests cannot all pass the
  // cooldown (and pump one SMS each). The code is recorded as not yet usable (consumed_at set)
  // and becomes usable only once the gateway took the message: a code never sent is never valid.
  const pendingId = await db.transaction(async (tx) => {
    await lockNumber(tx, productNumber);
    await assertWithinFailureBudgets(tx, productNumber, ip, now, ownDevice);
    const recent = await listRecentOtps(tx, productNumber, new Date(now.getTime() - HOUR_MS));
    assertMayResend(context, recent, ip, ownDevice, now);
    return insertOtp(tx, {
      productNumber,
      codeHash: hashCode(context.secret, productNumber, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      createdAt: now,
      consumedAt: now,
      ip,
    });
  });
  try {
    await sms.send(productNumber, otpMessage(context.brandName, code, language));
  } catch {
    await deleteOtp(db, pendingId);
    throw new AppError('unavailable', 'auth.otpNotSent');
  }
  await markOtpSent(db, pendingId);
}

/**
 * Consumes the code if it is right; throws otherwise. The whole check runs under the number's
 * lock: parallel guesses are judged one after another, so no more of them are judged than the
 * budgets allow. A wrong code counts against the code, the (number, address) pair and the number.
 * `ownDevice`: the request carries the number's device cookie, which passes the number's day lock.
 */
export async function checkOtp(
  context: OtpContext,
  productNumber: string,
  code: string,
  ip: string,
  ownDevice = false,
): Promise<void> {
  const { db } = context;
  const now = context.now ?? new Date();
  const verdict = await db.transaction(async (tx) => {
    await lockNumber(tx, productNumber);
    await assertWithinFailureBudgets(tx, productNumber, ip, now, ownDevice);
    const usable = await findUsableOtp(tx, productNumber, ip, now, OTP_MAX_WRONG_TRIES);
    if (!usable) return 'wrong';
    if (!sameHash(usable.codeHash, hashCode(context.secret, productNumber, code))) {
      // Returned, not thrown: a throw would roll the count of this wrong try back.
      await countWrongTry(tx, usable.id);
      await insertOtpFailure(tx, { productNumber, ip, createdAt: now });
      return 'wrong';
    }
    return (await consumeOtp(tx, usable.id, now)) ? 'right' : 'wrong';
  });
  if (verdict === 'wrong') throw new AppError('bad_request', 'auth.otpWrong');
}
