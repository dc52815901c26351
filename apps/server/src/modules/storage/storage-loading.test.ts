/**
 * The AWS SDK is a large tree of modules that only the S3 driver needs: a desk on the local store
 * must start without loading any of it. Each case starts the whole app in a fresh Node process and
 * lists the modules that process resolved.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

const url = (relative: string) => new URL(relative, import.meta.url).href;

/**
 * Builds the app with `env`, makes the store sign one upload form (the S3 driver signs offline),
 * and prints every resolved module whose path runs through `@aws-sdk`.
 */
const CHILD = `
import { registerHooks } from 'node:module';
const resolved = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    resolved.add(result.url);
    return result;
  },
});
const { buildApp } = await import(${JSON.stringify(url('../../app.ts'))});
const { openDatabase } = await import(${JSON.stringify(url('../../db/client.ts'))});
const { createConsoleSms } = await import(${JSON.stringify(url('../../lib/sms.ts'))});
const { storageDriverFor } = await import(${JSON.stringify(url('./storage-driver.ts'))});
const { testConfig } = await import(${JSON.stringify(url('../../../test/test-config.ts'))});
const config = testConfig(JSON.parse(process.env.CHILD_ENV));
const database = await openDatabase({ dataDir: null });
const app = await buildApp(config, database, { logger: false, sms: createConsoleSms(() => undefined) });
await app.ready();
await storageDriverFor(config).presign({
  key: 'attachments/2026/03/a.png',
  contentType: 'image/png',
  maxBytes: 1024,
  expiresAt: new Date(Date.now() + 60_000),
});
await app.close();
await database.close();
console.log(JSON.stringify([...resolved].filter((module) => module.includes('/@aws-sdk/'))));
`;

async function sdkModulesLoadedWith(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', CHILD], {
    env: { ...process.env, CHILD_ENV: JSON.stringify(env) },
    maxBuffer: 16 * 1024 * 1024,
  });
  const lastLine = stdout.trim().split('\n').at(-1) ?? '[]';
  return JSON.parse(lastLine) as string[];
}

describe('loading the storage drivers', { timeout: 60_000 }, () => {
  it('starts a desk on the local store without loading the AWS SDK', async () => {
    expect(await sdkModulesLoadedWith({ STORAGE_DRIVER: 'local' })).toEqual([]);
  });

  it('loads the AWS SDK when the S3 driver is chosen', async () => {
    const modules = await sdkModulesLoadedWith({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'switchboard',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example-key',
    });
    expect(modules.some((module) => module.includes('/@aws-sdk/client-s3/'))).toBe(true);
    expect(modules.some((module) => module.includes('/@aws-sdk/s3-presigned-post/'))).toBe(true);
  });
});
