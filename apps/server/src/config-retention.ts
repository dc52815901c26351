/**
 * Retention's variable (DESIGN.md §29): closed tickets older than this many days are removed with
 * everything that hangs on them, by a leased daily job. Unset or 0: nothing is ever removed.
 */
import { z } from 'zod';

/** The longest retention accepted: ten years. */
export const RETENTION_DAYS_MAX = 3650;

export const retentionEnv = {
  RETENTION_CLOSED_TICKET_DAYS: z.coerce.number().int().min(0).max(RETENTION_DAYS_MAX).default(0),
};

type RetentionEnv = z.infer<z.ZodObject<typeof retentionEnv>>;

export interface RetentionConfig {
  /** Days after its closing that a closed ticket is removed; null: retention is off. */
  closedTicketDays: number | null;
}

export function retentionConfig(env: RetentionEnv): RetentionConfig {
  return { closedTicketDays: env.RETENTION_CLOSED_TICKET_DAYS > 0 ? env.RETENTION_CLOSED_TICKET_DAYS : null };
}
