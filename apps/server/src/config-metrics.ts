/**
 * The metrics listener's variables (DESIGN.md §29): /metrics on a listener of its own, off unless
 * METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise, never on the app's own port.
 */
import { z } from 'zod';
import { ConfigError } from './config-values.ts';

export const metricsEnv = {
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
};

type MetricsEnv = z.infer<z.ZodObject<typeof metricsEnv>> & { PORT: number };

/** Where modules/metrics/metrics-server.ts listens; null: nowhere. */
export type MetricsConfig = { port: number; host: string } | null;

export function metricsConfig(env: MetricsEnv): MetricsConfig {
  if (env.METRICS_PORT === undefined) return null;
  if (env.METRICS_PORT === env.PORT)
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (the figures never show on the public port)',
    );
  return { port: env.METRICS_PORT, host: env.METRICS_HOST };
}
