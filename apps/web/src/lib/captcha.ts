/**
 * The invisible bot check (ALTCHA proof of work). Every protected call needs a fresh solution,
 * because the server accepts a solution once: fetch a challenge, solve it, hand over the payload.
 *
 * The solving runs in ALTCHA's own SHA worker (a separate file, so the strict CSP holds) with
 * ALTCHA's solver; the widget's Svelte UI is not loaded because the check shows nothing to a person
 * and the sign-in page has a tight script budget.
 */
import { sha, solveChallenge, solveChallengeWorkers, type Challenge, type Solution } from 'altcha/lib';
import ShaWorker from 'altcha/workers/sha?worker';
import { ApiError, apiRequest } from './api-client.ts';
import { translate } from './i18n.ts';
import { labelMessages } from './messages.ts';

/** More workers than this only spread the same small search thinner. */
const MAX_WORKERS = 2;
/** Far above the expected solve time; a stuck solver must not leave the button spinning forever. */
const SOLVE_TIMEOUT_MS = 60_000;

/**
 * The challenges of the flows: the server prices each by its own traffic and accepts a solution
 * only in the flow it was asked for, so a public-form flood does not slow signing in.
 */
export const PUBLIC_FORM_CHALLENGE_URL = '/captcha/challenge?flow=public';
export const SIGN_IN_CHALLENGE_URL = '/captcha/challenge?flow=sign-in';
/** The status by number before a ticket (DESIGN.md §23): priced by its own checks, apart from the form. */
export const STATUS_CHALLENGE_URL = '/captcha/challenge?flow=status';

/**
 * Fetches a challenge and returns the solved payload (base64 JSON, the widget's format) that the
 * API expects in its `token` field. Throws an ApiError with a readable message on failure.
 */
export async function solveBotCheck(challengeUrl = PUBLIC_FORM_CHALLENGE_URL): Promise<string> {
  const challenge = await apiRequest<Challenge>(challengeUrl, { anonymous: true });
  const solution = await solve(challenge).catch(() => null);
  if (!solution) throw new ApiError(0, translate(labelMessages, 'botCheckFailed'), 'captcha_failed');
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

async function solve(challenge: Challenge): Promise<Solution | null> {
  if (typeof Worker !== 'undefined') {
    try {
      return await solveChallengeWorkers({
        challenge,
        concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
        createWorker: () => new ShaWorker(),
        timeout: SOLVE_TIMEOUT_MS,
      });
    } catch {
      // A worker that cannot start (blocked, out of memory) should not stop a person signing in.
    }
  }
  // No workers (old embedded browsers, the test DOM) or they failed: the same search here.
  return solveChallenge({ challenge, deriveKey: sha.deriveKey, timeout: SOLVE_TIMEOUT_MS });
}

/** A solution is reused while it has time left; the server lets a challenge live ten minutes. */
const FORM_REUSE_MS = 8 * 60 * 1000;

/** The bot check of one public form: one solution for its images and its submission. */
export interface FormBotCheck {
  /** A solution for one more upload grant; a new one is solved once the current one is used up or old. */
  forUpload(): Promise<string>;
  /** A solution for the submission; the form's next uses solve afresh. */
  forSubmit(): Promise<string>;
}

/**
 * One solve per form: the server accepts a solution for up to `grantsPerSolution` upload grants
 * and the form's one submission, so a person with five photos waits for one solve, not six.
 */
export function createFormBotCheck(
  grantsPerSolution: number,
  solveNow: () => Promise<string> = () => solveBotCheck(),
): FormBotCheck {
  let current: { token: Promise<string>; grants: number; solvedAt: number } | null = null;
  const fresh = () => current !== null && Date.now() - current.solvedAt < FORM_REUSE_MS;
  const start = () => {
    const token = solveNow();
    const started = { token, grants: 0, solvedAt: Date.now() };
    // A failed solve is not kept: the next use tries again.
    token.catch(() => {
      if (current === started) current = null;
    });
    current = started;
    return started;
  };
  return {
    forUpload() {
      const solution = current && fresh() && current.grants < grantsPerSolution ? current : start();
      solution.grants += 1;
      return solution.token;
    },
    forSubmit() {
      const solution = current && fresh() ? current : start();
      current = null;
      return solution.token;
    },
  };
}
