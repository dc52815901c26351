/**
 * The invisible bot check (ALTCHA proof of work). A solution is accepted once: its challenge
 * nonce goes into `captcha_used` until the challenge expires (replay protection). The public
 * form's upload grants are the one exception: one solution covers a form's images, each grant
 * taking one of a few numbered slots of the same nonce.
 *
 * Each challenge names its flow (the public form or sign-in) in its signed data, and a solution
 * counts only in that flow: the two are priced apart (challenge-cost.ts), so a flood of one cannot
 * make the other dearer, and a cheap challenge of one cannot stand in for a dear one of the other.
 */
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { AppError } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { deleteExpiredSolutions, insertSolutionUse } from './captcha.repository.ts';

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const ALGORITHM = 'SHA-256';

/** What a bot check guards: the public form (tickets and their uploads), sign-in, or a number's outage status. */
export const BOT_CHECK_FLOWS = ['public', 'sign-in', 'status'] as const;
export type BotCheckFlow = (typeof BOT_CHECK_FLOWS)[number];

interface CaptchaSettings {
  captchaHmacKey: string;
  captchaCost: number;
}

/**
 * A challenge for `flow` whose solution takes about `captchaCost × costFactor / 2` hashes on
 * average: the factor rises with that flow's traffic (challenge-cost.ts).
 */
export function issueChallenge(settings: CaptchaSettings, flow: BotCheckFlow, costFactor = 1): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(0, settings.captchaCost * costFactor),
    data: { flow },
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

/**
 * Accepts a widget payload (base64 JSON) of a challenge for `flow` once; throws `captcha_failed`
 * for anything else.
 */
export async function verifyCaptchaOnce(
  db: Db,
  settings: CaptchaSettings,
  token: string,
  flow: BotCheckFlow = 'public',
): Promise<void> {
  await rememberSolution(db, await verifiedNonce(settings, token, flow));
}

/**
 * Accepts a widget payload for at most `uses` calls within its validity (the upload grants of one
 * form, a public-form challenge); throws `captcha_failed` for anything else or for one use too many.
 */
export async function verifyCaptchaForUses(db: Db, settings: CaptchaSettings, token: string, uses: number): Promise<void> {
  const nonce = await verifiedNonce(settings, token, 'public');
  await clearExpiredSolutions(db);
  // Each use claims the first free numbered slot; the primary key decides between parallel calls.
  for (let slot = 1; slot <= uses; slot++) {
    if (await claim(db, `${nonce}#use-${slot}`)) return;
  }
  throw new AppError('captcha_failed', 'auth.botCheckUsed');
}

/** The challenge nonce of a genuine, unexpired solution for `flow`; throws `captcha_failed` otherwise. */
async function verifiedNonce(settings: CaptchaSettings, token: string, flow: BotCheckFlow): Promise<string> {
  const payload = parsePayload(token);
  // The flow is in the signed parameters: checked here, trusted once the signature holds.
  if (payload?.challenge.parameters.data?.flow !== flow) throw new AppError('captcha_failed', 'auth.botCheckFailed');
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: settings.captchaHmacKey,
    hmacKeySignatureSecret: `${settings.captchaHmacKey}:key`,
  }).catch(() => null);
  if (!result?.verified) throw new AppError('captcha_failed', 'auth.botCheckFailed');
  return payload.challenge.parameters.nonce;
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
  await clearExpiredSolutions(db);
  if (!(await claim(db, nonce))) throw new AppError('captcha_failed', 'auth.botCheckUsed');
}

async function clearExpiredSolutions(db: Db): Promise<void> {
  await deleteExpiredSolutions(db, new Date());
}

/** Records a use of a solution; false when that use was recorded already. */
function claim(db: Db, key: string): Promise<boolean> {
  return insertSolutionUse(db, key, new Date(Date.now() + CHALLENGE_TTL_MS));
}
