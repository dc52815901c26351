/** Reads the configuration, opens the database, seeds demo data when asked, listens, shuts down gracefully. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoDataIfEmpty } from './db/seed.ts';
import { buildMetricsServer } from './modules/metrics/metrics-server.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl, poolSize: config.databasePoolSize } : { dataDir: `${config.dataDir}/pglite` },
  );
  if (config.demoSeed) {
    const accounts = await database.exclusively(() => seedDemoDataIfEmpty(database.db));
    if (accounts) printDemoAccounts(accounts);
  }
  const app = await buildApp(config, database);
  const metricsServer = config.metrics ? buildMetricsServer(app.deps.metrics.registry) : null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    await metricsServer?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (metricsServer && config.metrics) {
    await metricsServer.listen({ port: config.metrics.port, host: config.metrics.host });
    app.log.info({ host: config.metrics.host, port: config.metrics.port }, 'metrics listener ready');
  }
  console.log(
    `\n${config.brandName} is ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}\n`,
  );
}

function printDemoAccounts(accounts: { label: string; number: string }[]): void {
  console.log('\nDemo accounts (sign in with the number; the OTP is printed below as [sms] lines):');
  for (const account of accounts) console.log(`  ${account.number}  ${account.label}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
