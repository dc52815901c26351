/**
 * The status of a number before a ticket (DESIGN.md §23): whether a known outage affects the
 * number's area, since when, and the incident's public note. Every number gets the same two
 * lookups and the same shape, known or not, so the reply tells nobody whether a number is a
 * subscriber, let alone whose.
 */
import { AppError, isStaff, type OutageStatus } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { verifyCaptchaOnce } from '../captcha/captcha.service.ts';
import { activeIncidentOfArea } from '../incidents/area-incidents.repository.ts';
import { findSubscriberArea, insertStatusCheck } from './status.repository.ts';

export interface StatusContext {
  db: Db;
  captcha: { captchaHmacKey: string; captchaCost: number };
}

/** An area code that no area has (codes are letters, digits and dashes): unknown numbers ask it. */
const NO_AREA = ' ';

/** A signed-in person of staff (not an API client) may ask without a bot check: the internal create form. */
export function asksWithoutBotCheck(actor: Actor | null): boolean {
  return actor !== null && actor.client === null && isStaff(actor);
}

export async function checkNumberStatus(
  ctx: StatusContext,
  request: { number: string; token: string | undefined; actor: Actor | null },
): Promise<OutageStatus> {
  if (!asksWithoutBotCheck(request.actor)) {
    if (!request.token) throw AppError.invalidField('token', 'auth.botCheckMissing');
    await verifyCaptchaOnce(ctx.db, ctx.captcha, request.token, 'status');
  }
  const subscriber = await findSubscriberArea(ctx.db, request.number);
  // A suspended subscriber is told what a stranger is: the same query runs either way.
  const area = subscriber?.status === 'active' ? subscriber.areaCode : NO_AREA;
  const incident = await activeIncidentOfArea(ctx.db, area);
  await insertStatusCheck(ctx.db, { number: request.number, outageShown: Boolean(incident), incidentId: incident?.id ?? null });
  return { outage: incident ? { since: incident.createdAt.toISOString(), public_note: incident.publicNote } : null };
}
