/** Bot-check solutions made straight from the app's settings, without the per-address limit of the challenge endpoint. */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Config } from '../../src/config.ts';
import { issueChallenge, type BotCheckFlow } from '../../src/modules/captcha/captcha.service.ts';

/**
 * A fresh solution as the widget would send it (base64 JSON of challenge and solution), by default
 * for sign-in: a solution counts only in the flow its challenge was asked for.
 */
export async function freshCaptcha(config: Config, flow: BotCheckFlow = 'sign-in'): Promise<string> {
  const challenge = await issueChallenge(config, flow);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot check');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
