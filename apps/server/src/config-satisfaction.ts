/**
 * Customer satisfaction's variables (DESIGN.md §25): whether the desk asks at all, how long after a
 * resolve, and how often the worker looks for questions that are due.
 */
import { z } from 'zod';
import { onOff } from './config-values.ts';

export const satisfactionEnv = {
  // off: no question is written after a resolve (ratings already given stay).
  CSAT: onOff.default(true),
  // Minutes between a resolve and the question; quiet hours (SMS_QUIET_HOURS) push it to their end.
  CSAT_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(30),
  // How often each process looks for questions that are due.
  CSAT_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
};

type SatisfactionEnv = z.infer<z.ZodObject<typeof satisfactionEnv>>;

export interface SatisfactionConfig {
  on: boolean;
  delayMinutes: number;
  pollMs: number;
  /** Signs the rating links' tokens (from JWT_SECRET, or a development secret of DATA_DIR). */
  linkSecret: string;
}

export function satisfactionConfig(env: SatisfactionEnv, linkSecret: string): SatisfactionConfig {
  return { on: env.CSAT, delayMinutes: env.CSAT_DELAY_MINUTES, pollMs: env.CSAT_POLL_MS, linkSecret };
}
