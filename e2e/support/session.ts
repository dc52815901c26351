/**
 * Signs a demo account in through the real OTP flow over HTTP (bot check solved like the widget does,
 * code read from the dev outbox) and stores the token where the SPA keeps it. Journeys that test the
 * sign-in screen itself drive the form instead (auth.spec.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** The demo accounts of DESIGN.md §9, by what they are. */
export const DEMO = {
  admin: '09638000001',
  moderator: '09638000002',
  rs: '09638000003',
  ossBss: '09638000004',
  iptsp: '09638000005',
  agent: '09638000006',
  customer: '09638000007',
} as const;

/** A bot-check payload for sign-in, solved like the widget does. */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/v1/captcha/challenge?flow=sign-in')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot check');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Reads the newest OTP sent to a number from the dev outbox. */
export async function otpFromOutbox(request: APIRequestContext, entry: string): Promise<string> {
  const outbox = (await (await request.get('/api/v1/dev/outbox')).json()) as {
    data: { to: string; text: string; purpose: 'code' | 'notice' }[];
  };
  const code = outbox.data
    .find((message) => message.to === `88${entry}` && message.purpose === 'code')
    ?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no OTP in the outbox for ${entry}`);
  return code;
}

/** A fresh auth token for a number (the OTP resend cooldown is waited out if needed). */
export async function tokenFor(request: APIRequestContext, entry: string): Promise<string> {
  const productNumber = `88${entry}`;
  for (let attempt = 0; ; attempt++) {
    const sent = await request.post('/api/v1/users/generate-otp', {
      data: { product_number: productNumber, token: await solveCaptcha(request) },
    });
    if (sent.ok()) break;
    if (sent.status() !== 429 || attempt > 2) throw new Error(`generate-otp: ${sent.status()} ${await sent.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 61_000));
  }
  const login = await request.post('/api/v1/users/login', {
    data: { product_number: productNumber, otp: await otpFromOutbox(request, entry), token: await solveCaptcha(request) },
  });
  if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
  return ((await login.json()) as { auth_token: string }).auth_token;
}

const tokens = new Map<string, string>();

/** Signs the page in as a demo account (one OTP per account per test run) and opens `path`. */
export async function signInAs(page: Page, entry: string, path = '/tickets?page=1'): Promise<void> {
  let token = tokens.get(entry);
  if (!token) {
    token = await tokenFor(page.request, entry);
    tokens.set(entry, token);
  }
  await page.goto('/create-ticket');
  await page.evaluate((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto(path);
}
