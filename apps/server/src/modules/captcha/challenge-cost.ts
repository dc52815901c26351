/**
 * The bot check gets dearer as the public form gets busier, instead of the form closing: each
 * doubling of the last hour's public tickets (or unused upload grants) above its "busy" mark
 * doubles the work of a challenge, up to CAPTCHA_MAX_COST_FACTOR. A person waits a few seconds
 * longer; a flood pays for every request.
 *
 * Sign-in is priced apart, by its own traffic (codes sent plus wrong codes above
 * SIGN_IN_BUSY_PER_HOUR): a flood of the public form does not slow a person signing in, and the
 * reverse. The status by number (DESIGN.md §23) is priced by its own checks of the last hour above
 * STATUS_BUSY_PER_HOUR: an outage brings a wave of them, which must not slow the form or sign-in.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { BotCheckFlow } from './captcha.service.ts';
import {
  countPublicTicketsSince,
  countSignInTrafficSince,
  countStatusChecksSince,
  countUnusedPublicUploadsSince,
} from './public-traffic.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface PublicTraffic {
  tickets: number;
  uploads: number;
}

type CostSettings = Pick<Config, 'captchaMaxCostFactor' | 'signInBusyPerHour'> & {
  statusLimits: Pick<Config['statusLimits'], 'busyPerHour'>;
  publicLimits: Pick<Config['publicLimits'], 'busyTicketsPerHour' | 'busyUploadsPerHour'>;
};

/** 0 below the mark, then 1 at the mark, 2 at twice the mark, 3 at four times… */
function stepsAbove(load: number, mark: number): number {
  return load < mark ? 0 : 1 + Math.floor(Math.log2(load / mark));
}

/** The multiplier of CAPTCHA_COST for this much traffic: a power of two, capped. */
export function costFactorFor(traffic: PublicTraffic, settings: CostSettings): number {
  const { busyTicketsPerHour, busyUploadsPerHour } = settings.publicLimits;
  const steps = Math.max(stepsAbove(traffic.tickets, busyTicketsPerHour), stepsAbove(traffic.uploads, busyUploadsPerHour));
  return Math.min(settings.captchaMaxCostFactor, 2 ** Math.min(steps, 30));
}

/** The multiplier of CAPTCHA_COST for sign-in after `signIns` codes and wrong codes in the last hour. */
export function signInCostFactorFor(
  signIns: number,
  settings: Pick<Config, 'captchaMaxCostFactor' | 'signInBusyPerHour'>,
): number {
  return Math.min(settings.captchaMaxCostFactor, 2 ** Math.min(stepsAbove(signIns, settings.signInBusyPerHour), 30));
}

/** The multiplier of CAPTCHA_COST for status checks after `checks` of them in the last hour. */
export function statusCostFactorFor(
  checks: number,
  settings: Pick<CostSettings, 'captchaMaxCostFactor' | 'statusLimits'>,
): number {
  return Math.min(settings.captchaMaxCostFactor, 2 ** Math.min(stepsAbove(checks, settings.statusLimits.busyPerHour), 30));
}

export async function publicTrafficOfLastHour(db: Db, now: Date): Promise<PublicTraffic> {
  const since = new Date(now.getTime() - HOUR_MS);
  const [tickets, uploads] = await Promise.all([countPublicTicketsSince(db, since), countUnusedPublicUploadsSince(db, since)]);
  return { tickets, uploads };
}

/** How long a computed factor is reused: challenges are asked for far more often than traffic changes. */
const FACTOR_TTL_MS = 10_000;

/** The current cost factor of `flow`'s challenges, counted at most every ten seconds per process. */
export function createCostFactorSource(db: Db, settings: CostSettings, flow: BotCheckFlow): () => Promise<number> {
  let cached: { factor: number; at: number } | null = null;
  const factorAt = async (now: Date) => {
    const since = new Date(now.getTime() - HOUR_MS);
    if (flow === 'sign-in') return signInCostFactorFor(await countSignInTrafficSince(db, since), settings);
    if (flow === 'status') return statusCostFactorFor(await countStatusChecksSince(db, since), settings);
    return costFactorFor(await publicTrafficOfLastHour(db, now), settings);
  };
  return async () => {
    const now = Date.now();
    if (cached && now - cached.at < FACTOR_TTL_MS) return cached.factor;
    const factor = await factorAt(new Date(now));
    cached = { factor, at: now };
    return factor;
  };
}
