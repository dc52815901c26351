/**
 * The recovery sweep (DESIGN.md §22): an incident whose alarms have all stayed resolved for the
 * hold-down either resolves itself with its rule's restoration message, as the desk's own system
 * account, or asks staff ("The network has recovered — resolve the incident?"). Several processes
 * may sweep at once: each takes the rows nobody else holds (FOR UPDATE SKIP LOCKED).
 */
import { AppError, LANGUAGES } from '@switchboard/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../plugins/auth.ts';
import { publishIncidentEvent } from '../events/publish.ts';
import { lockRecoveredIncidents, markNetworkRecovered } from '../incidents/incident-alarms.repository.ts';
import { resolveIncident, type IncidentsContext } from '../incidents/incidents.service.ts';

/** The desk's own account (migration 0019): alarm-driven recovery acts as it. */
export const SYSTEM_ACCOUNT_ID = '00000000-0000-4000-8000-000000000022';

/** Incidents one sweep looks at, at most; the next sweep takes the rest. */
const INCIDENTS_PER_SWEEP = 50;

/** The system account as the services take an actor: cc's rights (any ticket), never an admin. */
export function systemActor(): Actor {
  return {
    id: SYSTEM_ACCOUNT_ID,
    name: 'Network monitoring',
    product_number: 'system-alarms',
    user_type: 'cc',
    role: 'support',
    language: LANGUAGES[0],
    session: { tokenVersion: 0, expiresAt: Number.MAX_SAFE_INTEGER },
    ip: '',
    client: null,
  };
}

export interface RecoveryContext {
  incidents: IncidentsContext;
  holdDownMinutes: number;
  log: FastifyBaseLogger;
}

export interface SweepResult {
  resolved: number[];
  prompted: number[];
}

/** One sweep at `now`: what it resolved and where it asked staff. */
export async function sweepRecoveries(ctx: RecoveryContext, now = new Date()): Promise<SweepResult> {
  const clearBefore = new Date(now.getTime() - ctx.holdDownMinutes * 60_000);
  const result: SweepResult = { resolved: [], prompted: [] };
  await ctx.incidents.db.transaction(async (tx) => {
    for (const incident of await lockRecoveredIncidents(tx, clearBefore, INCIDENTS_PER_SWEEP)) {
      if (incident.autoResolveMessage === null) {
        await markNetworkRecovered(tx, incident.id, now);
        await publishIncidentEvent(tx, incident.id);
        result.prompted.push(incident.id);
        continue;
      }
      try {
        // The one resolve of an incident (its own savepoint): every unsolved ticket closed, told and answered.
        await resolveIncident({ ...ctx.incidents, db: tx }, systemActor(), incident.id, incident.autoResolveMessage);
        result.resolved.push(incident.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Refused (resolved meanwhile): staff decide instead.
        ctx.log.warn({ incident_id: incident.id, code: error.code }, 'an alarm recovery could not resolve its incident');
        await markNetworkRecovered(tx, incident.id, now);
        result.prompted.push(incident.id);
      }
    }
  });
  return result;
}
