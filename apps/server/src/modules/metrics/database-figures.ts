/**
 * The gauges of figures read from the database (metrics.repository.ts). A scrape reads them at most
 * once every `refreshMs`, under a statement timeout; scrapes meanwhile (two Prometheus servers, a
 * person with curl) get the kept values. A failed or slow read never fails the scrape: the gauges
 * keep what they showed and the error counter rises.
 */
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_CHANNELS } from '@switchboard/shared';
import { Counter } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { withStatementTimeout } from '../../db/read-timeout.ts';
import { addGauge, type Metrics } from './metrics.ts';
import { readDatabaseFigures, type DatabaseFigures } from './metrics.repository.ts';

export interface DatabaseFigureOptions {
  /** The shortest time between two reads. */
  refreshMs: number;
  /** How long each statement of a read may run. */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

export const DATABASE_FIGURES_REFRESH_MS = 5_000;
export const DATABASE_FIGURES_TIMEOUT_MS = 1_000;

/** Adds the database's gauges to the registry; each scrape's collect waits for at most one shared read. */
export function addDatabaseFigures(metrics: Metrics, db: Db, options: DatabaseFigureOptions): void {
  let readAt = -Infinity;
  let reading: Promise<DatabaseFigures | null> | null = null;
  let figures: DatabaseFigures | null = null;

  // Collected after the scrape's read, so that a scrape shows the error of its own read.
  const readErrors: Counter = new Counter({
    name: 'switchboard_metrics_database_read_errors_total',
    help: 'Reads of the database figures that failed or ran out of time; their gauges kept the last values.',
    registers: [metrics.registry],
    collect: async () => void (await current()),
  });

  async function read(): Promise<DatabaseFigures | null> {
    try {
      figures = await withStatementTimeout(db, options.timeoutMs, readDatabaseFigures);
    } catch (error) {
      readErrors.inc();
      options.log.warn({ err: error }, 'metrics: the database figures could not be read; the last ones are shown');
    }
    return figures;
  }

  /** The figures, read again when the last read is older than refreshMs. */
  function current(): Promise<DatabaseFigures | null> {
    if (reading) return reading;
    if (performance.now() - readAt < options.refreshMs) return Promise.resolve(figures);
    readAt = performance.now();
    reading = read().finally(() => {
      reading = null;
    });
    return reading;
  }

  const { registry } = metrics;
  const single: [string, string, (f: DatabaseFigures) => number][] = [
    ['switchboard_alarms_firing', 'Network alarms firing now.', (f) => f.alarmsFiring],
    ['switchboard_incidents_active', 'Incidents not yet resolved.', (f) => f.activeIncidents],
    ['switchboard_tickets_overdue', 'Unsolved tickets past their due time.', (f) => f.ticketsOverdue],
    ['switchboard_tickets_due_soon', 'Unsolved tickets past their warning time but not yet due.', (f) => f.ticketsDueSoon],
  ];
  for (const [name, help, pick] of single)
    addGauge(registry, { name, help }, async (gauge) => {
      const seen = await current();
      if (seen) gauge.set(pick(seen));
    });

  const showOutbox = async (): Promise<void> => {
    const seen = await current();
    if (!seen) return;
    // A queue that emptied shows 0, not its last depth.
    for (const channel of NOTIFICATION_CHANNELS)
      for (const queue of ['issuers', 'broadcast']) {
        depth.set({ channel, queue }, 0);
        oldest.set({ channel, queue }, 0);
      }
    for (const queue of seen.outbox) {
      depth.set({ channel: queue.channel, queue: queue.queue }, queue.depth);
      oldest.set({ channel: queue.channel, queue: queue.queue }, queue.oldestAgeSeconds);
    }
  };
  // The two gauges are collected side by side; each waits for the same read and sets both.
  const depth = addGauge(
    registry,
    {
      name: 'switchboard_outbox_depth',
      help: 'Messages waiting to be sent, by channel and queue.',
      labelNames: ['channel', 'queue'],
    },
    showOutbox,
  );
  const oldest = addGauge(
    registry,
    {
      name: 'switchboard_outbox_oldest_age_seconds',
      help: 'Seconds since the oldest waiting message was written, by channel and queue (0: none waits).',
      labelNames: ['channel', 'queue'],
    },
    showOutbox,
  );
}
