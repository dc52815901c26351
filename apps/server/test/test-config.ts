import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config.ts';

/** A development configuration in a fresh temporary DATA_DIR, with a cheap bot check. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CAPTCHA_COST: '50',
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'off',
    // The default quiet hours (22-8 in the provider's zone) would make every broadcast test depend
    // on the hour it runs at; the tests of quiet hours set their own.
    SMS_QUIET_HOURS: 'off',
    ...env,
  });
}
