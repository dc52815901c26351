/** One-time passwords (DESIGN.md §7): hashed, 5 minutes, single use, budgets that resends do not reset. */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  OTP_LENGTH,
  OTP_MAX_CODES_PER_HOUR,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { SmsSender } from './sms.ts';
import { consumeOtp, countWrongTry, findUsableOtp, insertOtp, listRecentOtps, purgeOldOtps } from './otp.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
export const WRONG_OTP_MESSAGE = 'The OTP is wrong or has expired. Please check it or ask for a new one.';

export interface OtpContext {
  db: Db;
  sms: SmsSender;
  secret: string;
  brandName: string;
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

/** Wrong tries of this number within the last hour, over all its codes. */
function wrongTriesInLastHour(codes: { attempts: number }[]): number {
  return codes.reduce((sum, code) => sum + code.attempts, 0);
}

/** Sends a fresh code, unless the number is inside its cooldown, hourly cap or failure budget. */
export async function sendOtp(context: OtpContext, productNumber: string, ip: string): Promise<void> {
  const { db, sms } = context;
  const now = context.now ?? new Date();
  const recent = await listRecentOtps(db, productNumber, new Date(now.getTime() - HOUR_MS));
  const newest = recent[0];
  if (newest) {
    const waitMs = newest.createdAt.getTime() + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime();
    if (waitMs > 0) {
      throw new AppError('rate_limited', `Please wait ${Math.ceil(waitMs / 1000)} seconds before asking for another OTP.`);
    }
  }
  const oldest = recent.at(-1);
  if (oldest && (recent.length >= OTP_MAX_CODES_PER_HOUR || wrongTriesInLastHour(recent) >= OTP_MAX_WRONG_TRIES)) {
    const waitMs = oldest.createdAt.getTime() + HOUR_MS - now.getTime();
    throw new AppError(
      'rate_limited',
      `Too many OTP requests for this number. Please try again in ${minutesLeft(waitMs)} minutes.`,
    );
  }
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  await purgeOldOtps(db, new Date(now.getTime() - 24 * HOUR_MS));
  // Sent first, stored after: a code the gateway never delivered must not be usable.
  try {
    await sms.send(productNumber, `Your ${context.brandName} OTP is ${code}. It is valid for 5 minutes.`);
  } catch {
    throw new AppError('unavailable', 'We could not send the OTP right now. Please try again in a moment.');
  }
  await insertOtp(db, {
    productNumber,
    codeHash: hashCode(context.secret, productNumber, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    createdAt: now,
    ip,
  });
}

/** Consumes the code if it is right; throws otherwise. */
export async function checkOtp(context: OtpContext, productNumber: string, code: string): Promise<void> {
  const { db } = context;
  const now = context.now ?? new Date();
  const recent = await listRecentOtps(db, productNumber, new Date(now.getTime() - HOUR_MS));
  if (wrongTriesInLastHour(recent) >= OTP_MAX_WRONG_TRIES) {
    throw new AppError('rate_limited', 'Too many wrong OTPs for this number. Please try again later.');
  }
  const usable = await findUsableOtp(db, productNumber, now, OTP_MAX_WRONG_TRIES);
  if (!usable) throw new AppError('bad_request', WRONG_OTP_MESSAGE);
  if (!sameHash(usable.codeHash, hashCode(context.secret, productNumber, code))) {
    await countWrongTry(db, usable.id);
    throw new AppError('bad_request', WRONG_OTP_MESSAGE);
  }
  if (!(await consumeOtp(db, usable.id, now))) throw new AppError('bad_request', WRONG_OTP_MESSAGE);
}
