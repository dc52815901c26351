/**
 * Packages with a known advisory never come back through the lock file: each entry names the first
 * version without it. `overrides` in package.json lifts a dependency's dependency (exceljs pins
 * uuid 8, GHSA-w5hq-g745-h8pq); see docs/decisions.md, "The spreadsheet writer".
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FIXED_IN: Record<string, string> = {
  // Missing buffer bounds check in v3/v5/v6 when buf is provided.
  uuid: '11.1.1',
};

interface Lock {
  packages: Record<string, { version?: string }>;
}

function versionParts(version: string): number[] {
  return version.split(/[.+-]/, 3).map(Number);
}

export function isOlder(version: string, than: string): boolean {
  const [a, b] = [versionParts(version), versionParts(than)];
  for (let index = 0; index < 3; index++) if (a[index] !== b[index]) return (a[index] ?? 0) < (b[index] ?? 0);
  return false;
}

describe('the installed packages', () => {
  const lock = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package-lock.json'), 'utf8')) as Lock;

  it.each(Object.entries(FIXED_IN))('hold no %s older than %s', (name, fixed) => {
    const installed = Object.entries(lock.packages)
      .filter(([where]) => where === `node_modules/${name}` || where.endsWith(`/node_modules/${name}`))
      .map(([where, entry]) => `${where}@${entry.version ?? '?'}`);
    expect(installed.length).toBeGreaterThan(0);
    expect(installed.filter((entry) => isOlder(entry.split('@').pop() ?? '0', fixed))).toEqual([]);
  });

  it('compares versions part by part', () => {
    expect(isOlder('8.3.2', '11.1.1')).toBe(true);
    expect(isOlder('11.1.1', '11.1.1')).toBe(false);
    expect(isOlder('11.10.0', '11.9.9')).toBe(false);
  });
});
