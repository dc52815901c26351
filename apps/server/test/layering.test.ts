/**
 * Services decide and routes translate; SQL lives in each module's repository (STYLE.md, "SQL of a
 * table lives in its module's repository"). A service or route that reaches for drizzle or the
 * schema directly fails here, and so does a routes file that starts background work: workers are
 * plugins registered by app.ts (DESIGN.md §1).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.join(import.meta.dirname, '../src/modules');
const SQL_MARKERS = [/from 'drizzle-orm'/, /db\/schema\.ts'/, /\b(db|tx)\.(select|insert|update|delete|execute)\(/];

const BACKGROUND_MARKERS = [/addHook\('(onReady|onListen|preClose|onClose)'/, /\bset(Interval|Timeout)\(/];

const layeredFiles = readdirSync(MODULES, { recursive: true, encoding: 'utf8' }).filter((file) =>
  /\.(service|routes)\.ts$/.test(file),
);
const routesFiles = layeredFiles.filter((file) => file.endsWith('.routes.ts'));

describe('module layering', () => {
  it('finds the services and routes of every module', () => {
    expect(layeredFiles.length).toBeGreaterThan(20);
  });

  it.each(layeredFiles)('%s writes no SQL', (file) => {
    const source = readFileSync(path.join(MODULES, file), 'utf8');
    expect(SQL_MARKERS.filter((marker) => marker.test(source)).map(String)).toEqual([]);
  });

  it.each(routesFiles)('%s starts no background work', (file) => {
    const source = readFileSync(path.join(MODULES, file), 'utf8');
    expect(BACKGROUND_MARKERS.filter((marker) => marker.test(source)).map(String)).toEqual([]);
  });
});
