/** Small builders for tests: users, tokens, bot-check solutions, a full OTP sign-in. */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Role, UserType } from '@switchboard/shared';
import type { Db } from '../src/db/client.ts';
import { issueToken } from '../src/modules/auth/auth.service.ts';
import { insertUser, type UserRow } from '../src/modules/users/users.repository.ts';

/** A random valid stored product number (88096 + 8 digits). */
export function randomProductNumber(): string {
  return `88096${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export function buildUser(
  db: Db,
  fields: { userType?: UserType; role?: Role; name?: string; productNumber?: string } = {},
): Promise<UserRow> {
  const userType = fields.userType ?? 'customer';
  return insertUser(db, {
    name: fields.name ?? `Test ${userType}`,
    productNumber: fields.productNumber ?? randomProductNumber(),
    phoneNumber: `8801${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
    userType,
    role: fields.role ?? 'user',
  });
}

/** A user and a valid bearer header for them. */
export async function signedInAs(app: FastifyInstance, db: Db, fields: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, fields);
  const token = await issueToken(app.tokens, user);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Fetches a challenge from the app and solves it, as the invisible widget does: for the public form
 * unless `flow` says sign-in (a solution counts only in the flow it was asked for).
 */
export async function solveCaptcha(app: FastifyInstance, flow: 'public' | 'sign-in' | 'status' = 'public'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/captcha/challenge?flow=${flow}` });
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The same hex text with its first digit changed: a forgery that is never the original by chance. */
export function tamperedHex(text: string): string {
  return `${text.startsWith('0') ? '1' : '0'}${text.slice(1)}`;
}

/** The newest code sent to a number through the console SMS driver. */
export function lastOtpSentTo(app: FastifyInstance, productNumber: string): string {
  const message = app.deps.sms.outbox().find((m) => m.to === productNumber && m.purpose === 'code');
  const code = message?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no OTP was sent to ${productNumber}`);
  return code;
}

/** Signs in through the real OTP flow and returns the auth token. */
export async function signInWithOtp(app: FastifyInstance, productNumber: string): Promise<string> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/users/generate-otp',
    payload: { product_number: productNumber, token: await solveCaptcha(app, 'sign-in') },
  });
  if (sent.statusCode !== 200) throw new Error(`generate-otp answered ${sent.statusCode}: ${sent.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { product_number: productNumber, otp: lastOtpSentTo(app, productNumber), token: await solveCaptcha(app, 'sign-in') },
  });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  return login.json<{ auth_token: string }>().auth_token;
}
