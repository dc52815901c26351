/**
 * The app's side of /metrics (DESIGN.md §29): one histogram observation per reply, and the gauges
 * read at scrape time (the pool, the open event streams, the database figures). The figures are
 * served by the listener of metrics-server.ts, never on the app's own port.
 */
import fp from 'fastify-plugin';
import { poolFiguresOf } from '../../db/client.ts';
import { addDatabaseFigures, DATABASE_FIGURES_REFRESH_MS, DATABASE_FIGURES_TIMEOUT_MS } from './database-figures.ts';
import { addGauge } from './metrics.ts';

/** The route of a request no route matched: its raw path would make a series per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export default fp(
  async (app) => {
    const { metrics, database } = app.deps;
    const { registry, httpDuration } = metrics;
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      httpDuration.observe({ route, method: request.method, status: reply.statusCode }, reply.elapsedTime / 1000);
      done();
    });

    addGauge(
      registry,
      {
        name: 'switchboard_db_pool_connections',
        help: 'Connections of the database pool by state: max, open, in_use, idle (PGlite: one connection, no pool).',
        labelNames: ['state'],
      },
      (gauge) => {
        const figures = poolFiguresOf(database);
        // PGlite can only say that it has its one connection, not whether a statement holds it.
        if (!figures) return ['max', 'open'].forEach((state) => gauge.set({ state }, 1));
        gauge.set({ state: 'max' }, figures.max);
        gauge.set({ state: 'open' }, figures.total);
        gauge.set({ state: 'in_use' }, figures.total - figures.idle);
        gauge.set({ state: 'idle' }, figures.idle);
      },
    );
    addGauge(registry, { name: 'switchboard_db_pool_waiting', help: 'Queries waiting for a connection of the pool.' }, (gauge) =>
      gauge.set(poolFiguresOf(database)?.waiting ?? 0),
    );
    addGauge(registry, { name: 'switchboard_event_streams_open', help: 'Live event streams this process holds open.' }, (gauge) =>
      gauge.set(app.liveEvents.hub.size),
    );

    addDatabaseFigures(metrics, app.deps.db, {
      refreshMs: DATABASE_FIGURES_REFRESH_MS,
      timeoutMs: DATABASE_FIGURES_TIMEOUT_MS,
      log: app.log,
    });
  },
  { name: 'metrics', dependencies: ['deps'] },
);
