import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig, ConfigError } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
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
