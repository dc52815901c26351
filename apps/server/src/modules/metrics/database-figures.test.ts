import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig, ConfigError } from '../../config.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, poolFiguresOf, type Database } from '../../db/client.ts';
import { createEmptyDatabase } from '../../../test/test-databases.ts';
import { alarms } from '../../db/schema.ts';
import { addDatabaseFigures } from './database-figures.ts';
import { createMetrics } from './metrics.ts';

async function valueOf(metrics: ReturnType<typeof createMetrics>, name: string): Promise<number | undefined> {
  const metric = metrics.registry.getSingleMetric(name);
  return (await metric?.get())?.values[0]?.value;
}

describe('the database figures', () => {
  let database: Database | undefined;
  afterAll(async () => database?.close().catch(() => undefined));

  it('keep their last values and count an error when the database does not answer, never failing the scrape', async () => {
    database = await openDatabase({ dataDir: null });
    const metrics = createMetrics();
    addDatabaseFigures(metrics, database.db, { refreshMs: 0, timeoutMs: 1000, log: pino({ level: 'silent' }) });
    await database.db.insert(alarms).values({ source: 'nms', key: 'olt-1', status: 'firing', summary: 'x', labels: {} });
    await metrics.registry.metrics();
    expect(await valueOf(metrics, 'switchboard_alarms_firing')).toBe(1);
    await database.close();
    const text = await metrics.registry.metrics();
    expect(text).toContain('switchboard_alarms_firing 1');
    expect(text).toContain('switchboard_metrics_database_read_errors_total 1');
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('the pool figures of server PostgreSQL', () => {
  it('say how many connections are open, in use and waiting', async () => {
    const empty = await createEmptyDatabase();
    const postgres = await openDatabase({ url: empty.url, poolSize: 3 });
    try {
      const held = Promise.all([1, 2, 3, 4].map(() => postgres.db.execute(sql`select pg_sleep(1)`)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(poolFiguresOf(postgres)).toEqual({ max: 3, total: 3, idle: 0, waiting: 1 });
      await held;
      expect(poolFiguresOf(postgres)).toMatchObject({ max: 3, total: 3, idle: 3, waiting: 0 });
    } finally {
      await postgres.close();
      await empty.drop();
    }
  });

  it('are none on PGlite, which has no pool', async () => {
    const pglite = await openDatabase({ dataDir: null });
    expect(poolFiguresOf(pglite)).toBeNull();
    await pglite.close();
  }, 60_000);
});

describe('the metrics listener setting', () => {
  it('is off unless METRICS_PORT is set', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/switchboard-metrics-config' }).metrics).toBeNull();
  });

  it('listens on loopback by default, even when the app listens on every address', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/switchboard-metrics-config',
      HOST: '0.0.0.0',
      METRICS_PORT: '9464',
    });
    expect(config.metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    const moved = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/switchboard-metrics-config',
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.5',
    });
    expect(moved.metrics?.host).toBe('10.0.0.5');
  });

  it("refuses the app's own port", () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/switchboard-metrics-config', PORT: '3000', METRICS_PORT: '3000' }),
    ).toThrow(ConfigError);
  });
});
