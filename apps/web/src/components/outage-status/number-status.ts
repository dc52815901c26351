/** GET /status/{number}: whether a known outage affects a number's area (DESIGN.md §23). */
import type { OutageStatus, OutageStatusReply } from '@switchboard/shared';
import { apiRequest } from '../../lib/api-client.ts';
import { solveBotCheck, STATUS_CHALLENGE_URL } from '../../lib/captcha.ts';

/**
 * The public page asks with a solved bot check of the status flow and without the session (a
 * signed-in customer is a member of the public here); staff on the create form ask signed in.
 */
export async function fetchNumberStatus(numberEntry: string, as: 'public' | 'staff'): Promise<OutageStatus> {
  const path = `/status/${encodeURIComponent(numberEntry)}`;
  if (as === 'staff') return (await apiRequest<OutageStatusReply>(path)).data;
  const token = await solveBotCheck(STATUS_CHALLENGE_URL);
  return (await apiRequest<OutageStatusReply>(`${path}?token=${encodeURIComponent(token)}`, { anonymous: true })).data;
}

/** "14:05" in the provider's time zone, with the day before it when that was not today. */
export function outageSinceText(since: string, timeZone: string | undefined, locale: string, now = new Date()): string {
  const zone = timeZone ? { timeZone } : {};
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...zone }).format(
    new Date(since),
  );
  const dayOf = (instant: Date) => new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', ...zone }).format(instant);
  if (dayOf(new Date(since)) === dayOf(now)) return time;
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...zone }).format(new Date(since));
  return `${day}, ${time}`;
}
