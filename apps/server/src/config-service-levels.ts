/**
 * Service levels II's variables (DESIGN.md §26): when a ticket is due soon, when a breach goes up
 * to the moderators and admins, when a wait for the customer ends by itself, and how often each
 * process looks for due jobs.
 */
import { z } from 'zod';

export const serviceLevelsEnv = {
  // The share of a level after which a ticket is "due soon" (a badge, a filter, a live event).
  SLA_WARN_PERCENT: z.coerce.number().int().min(1).max(99).default(75),
  // Hours past the due time after which the department's moderators and the admins are told.
  SLA_ESCALATE_HOURS: z.coerce.number().int().min(1).max(720).default(4),
  // Days a ticket waits for its issuer's answer before it is resolved and the issuer told.
  WAITING_AUTO_RESOLVE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // How often each process looks for due jobs (the warnings' scan, auto-resolves, recomputations).
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5_000),
  // How often the warnings' scan runs.
  SLA_SCAN_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
};

type ServiceLevelsEnv = z.infer<z.ZodObject<typeof serviceLevelsEnv>>;

export interface ServiceLevelsConfig {
  warnPercent: number;
  escalateHours: number;
  waitingAutoResolveDays: number;
  jobsPollMs: number;
  scanMs: number;
}

export function serviceLevelsConfig(env: ServiceLevelsEnv): ServiceLevelsConfig {
  return {
    warnPercent: env.SLA_WARN_PERCENT,
    escalateHours: env.SLA_ESCALATE_HOURS,
    waitingAutoResolveDays: env.WAITING_AUTO_RESOLVE_DAYS,
    jobsPollMs: env.JOBS_POLL_MS,
    scanMs: env.SLA_SCAN_MS,
  };
}
