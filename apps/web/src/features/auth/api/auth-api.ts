/** The sign-in calls (spec §7). Each carries a freshly solved bot check. */
import { withCountryPrefix } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The solver loads when the first call needs it, not with the sign-in page: the page has a 150 kB
 * script budget and the check runs only after a button press.
 */
async function solveBotCheck(): Promise<string> {
  const captcha = await import('../../../lib/captcha.ts');
  return captcha.solveBotCheck(captcha.SIGN_IN_CHALLENGE_URL);
}

/** Sends an OTP by SMS to the number typed after +88. */
export async function requestOtp(entry: string): Promise<void> {
  const token = await solveBotCheck();
  await apiRequest<{ message: string }>('/users/generate-otp', {
    method: 'POST',
    body: { product_number: withCountryPrefix(entry), token },
    anonymous: true,
  });
}

/** Exchanges the number and its OTP for a session token. */
export async function logIn(entry: string, otp: string): Promise<string> {
  const token = await solveBotCheck();
  const reply = await apiRequest<{ auth_token: string }>('/users/login', {
    method: 'POST',
    body: { product_number: withCountryPrefix(entry), otp: otp.trim(), token },
    anonymous: true,
  });
  return reply.auth_token;
}
