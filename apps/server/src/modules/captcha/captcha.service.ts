/**
 * The invisible bot check (ALTCHA proof of work). A solution is accepted once: its challenge
 * nonce goes into `captcha_used` until the challenge expires (replay protection).
 */
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { captchaUsed } from '../../db/schema.ts';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const ALGORITHM = 'SHA-256';

export const CAPTCHA_FAILED_MESSAGE = 'The bot check failed. Please try again.';

interface CaptchaSettings {
  captchaHmacKey: string;
  captchaCost: number;
}

/** A challenge whose solution takes about `captchaCost / 2` hashes on average. */
export function issueChallenge(settings: CaptchaSettings): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(0, settings.captchaCost),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: settings.captchaHmacKey,
    hmacKeySignatureSecret: `${settings.captchaHmacKey}:key`,
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().min(8).max(200),
      salt: z.string().max(200),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(200),
      keySignature: z.string().max(500).optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().max(500).optional(),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(500) }).loose(),
});

/** Accepts a widget payload (base64 JSON) once; throws `captcha_failed` for anything else. */
export async function verifyCaptchaOnce(db: Db, settings: CaptchaSettings, token: string): Promise<void> {
  const payload = parsePayload(token);
  if (!payload) throw new AppError('captcha_failed', CAPTCHA_FAILED_MESSAGE);
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: settings.captchaHmacKey,
    hmacKeySignatureSecret: `${settings.captchaHmacKey}:key`,
  }).catch(() => null);
  if (!result?.verified) throw new AppError('captcha_failed', CAPTCHA_FAILED_MESSAGE);
  await rememberSolution(db, payload.challenge.parameters.nonce);
}

function parsePayload(token: string) {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function rememberSolution(db: Db, nonce: string): Promise<void> {
  const now = new Date();
  await db.delete(captchaUsed).where(lt(captchaUsed.expiresAt, now));
  const inserted = await db
    .insert(captchaUsed)
    .values({ signature: nonce, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .onConflictDoNothing()
    .returning({ signature: captchaUsed.signature });
  if (inserted.length === 0) throw new AppError('captcha_failed', 'This bot check was already used. Please try again.');
}
