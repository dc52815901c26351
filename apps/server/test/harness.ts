/** Runs a suite against a real app on each test database (see test-databases.ts). */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import type { Database } from '../src/db/client.ts';
import { createConsoleSms, type SmsSender } from '../src/lib/sms.ts';
import { databaseKinds, openTestDatabase, type DatabaseKind } from './test-databases.ts';
import { testConfig } from './test-config.ts';

export interface TestContext {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Db;
  config: Config;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  logger?: FastifyServerOptions['logger'];
  sms?: SmsSender;
  /**
   * The webhook worker's settings. By default a suite's worker sends nothing on its own (tests call
   * `app.webhookWorker.runOnce()`) and no host name resolves: no test reaches beyond loopback.
   */
  webhooks?: BuildOptions['webhooks'];
  /** The mail reader's settings; by default it keeps its session when IMAP_URL is set. */
  mail?: BuildOptions['mail'];
}

/**
 * `describe` once per database kind. The context's fields are filled in beforeAll, so read them
 * inside tests (`ctx.app`), not at collection time.
 */
export function describeWithApp(name: string, suite: (ctx: TestContext) => void, options: HarnessOptions = {}): void {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      const ctx = { kind } as TestContext;
      let database: Database | undefined;
      beforeAll(async () => {
        ctx.config = testConfig(options.env);
        database = await openTestDatabase(kind);
        ctx.db = database.db;
        ctx.app = await buildApp(ctx.config, database, {
          logger: options.logger ?? false,
          sms: options.sms ?? createConsoleSms(() => undefined),
          webhooks: { autostart: false, resolve: async () => [], ...options.webhooks },
          broadcasts: { autostart: false },
          satisfaction: { autostart: false },
          jobs: { autostart: false },
          mail: options.mail,
        });
        await ctx.app.ready();
      }, 60_000);
      afterAll(async () => {
        await ctx.app?.close();
        await database?.close();
      });
      suite(ctx);
    });
  }
}
