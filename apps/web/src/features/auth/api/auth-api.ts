/** The sign-in calls (spec §7). Each carries a freshly solved bot check. */
import { withCountryPrefix } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The solver loads when the first check needs it, not with the sign-in page: the page has a 150 kB
 * script budget.
 */
async function solveBotCheck(): Promise<string> {
  const captcha = await import('../../../lib/captcha.ts');
  return captcha.solveBotCheck(captcha.SIGN_IN_CHALLENGE_URL);
}

/** A solution is used while it has time left; the server lets a challenge live ten minutes. */
const REUSE_MS = 8 * 60 * 1000;

/**
 * The bot check of one sign-in, solved ahead: while the number is typed (for Get OTP) and while the
 * SMS is read (for the login), so that a press on the button only sends. A solution is accepted once:
 * each call takes its own, and solves afresh when none is ready or the prepared one failed.
 */
export interface SignInBotCheck {
  /** Starts solving one, unless one is solved or on its way. */
  prepare(): void;
  /** The prepared solution (waiting for it if needed), or a fresh one. */
  take(): Promise<string>;
}

export function createSignInBotCheck(solve: () => Promise<string> = solveBotCheck): SignInBotCheck {
  let prepared: { token: Promise<string>; startedAt: number } | null = null;
  const fresh = () => prepared !== null && Date.now() - prepared.startedAt < REUSE_MS;
  return {
    prepare() {
      if (fresh()) return;
      const token = solve();
      const current = { token, startedAt: Date.now() };
      prepared = current;
      // A failed solve is not kept: the call solves again when it is pressed.
      token.catch(() => {
        if (prepared === current) prepared = null;
      });
    },
    async take() {
      const ready = fresh() ? prepared?.token : undefined;
      prepared = null;
      if (ready) {
        try {
          return await ready;
        } catch {
          // Solved afresh below, with its own error if that fails too.
        }
      }
      return solve();
    },
  };
}

/** Sends an OTP by SMS to the number typed after +88. */
export async function requestOtp(entry: string, botCheck: SignInBotCheck): Promise<void> {
  const token = await botCheck.take();
  await apiRequest<{ message: string }>('/users/generate-otp', {
    method: 'POST',
    body: { product_number: withCountryPrefix(entry), token },
    anonymous: true,
  });
}

/** Exchanges the number and its OTP for a session token. */
export async function logIn(entry: string, otp: string, botCheck: SignInBotCheck): Promise<string> {
  const token = await botCheck.take();
  const reply = await apiRequest<{ auth_token: string }>('/users/login', {
    method: 'POST',
    body: { product_number: withCountryPrefix(entry), otp: otp.trim(), token },
    anonymous: true,
  });
  return reply.auth_token;
}
