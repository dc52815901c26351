/**
 * This process's figures for Prometheus (DESIGN.md §29), in a registry of the app's own (tests build
 * many apps in one process). Labels carry only names fixed by the code (route patterns, methods,
 * status codes, channels): never a path, a number, a token or a person.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Request durations in seconds: the hot lists answer in milliseconds, a slow read in seconds; few
 * buckets keep the series per route small.
 */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'route' | 'method' | 'status'>;
  webhookFailures: Counter<'outcome'>;
  broadcastSent: Counter;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const metrics: Metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'switchboard_http_request_duration_seconds',
      help: 'Time from a request to its reply, by route pattern, method and status code.',
      labelNames: ['route', 'method', 'status'],
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    webhookFailures: new Counter({
      name: 'switchboard_webhook_delivery_failures_total',
      help: 'Failed webhook attempts of this process: outcome "retry" is tried again later, "failed" was the last attempt.',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    broadcastSent: new Counter({
      name: 'switchboard_broadcast_messages_sent_total',
      help: 'Outage broadcast messages this process handed to the SMS gateway.',
      registers: [registry],
    }),
  };
  // Series that exist from the start: rate() and increase() see the first failure, not a new series.
  for (const outcome of ['retry', 'failed']) metrics.webhookFailures.inc({ outcome }, 0);
  return metrics;
}

/** A gauge whose value `collect` sets at each scrape (it may wait for a read). */
export function addGauge(
  registry: Registry,
  shape: { name: string; help: string; labelNames?: string[] },
  collect: (gauge: Gauge) => void | Promise<void>,
): Gauge {
  const gauge: Gauge = new Gauge({
    ...shape,
    labelNames: shape.labelNames ?? [],
    registers: [registry],
    collect: () => collect(gauge),
  });
  return gauge;
}
