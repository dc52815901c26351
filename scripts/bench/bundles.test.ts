import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTE_BUDGET, ROUTES, SIGN_IN_BUDGET, budgetMiss, overBudget, weighRoutes } from './bundles.ts';

const ROUTER = path.join(import.meta.dirname, '../../apps/web/src/app/router.tsx');

const dist = mkdtempSync(path.join(tmpdir(), 'bundles-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** A build whose entry weighs `entryBytes` (random bytes barely compress) and whose screens are tiny. */
function fakeBuild(entryBytes: number): string {
  const folder = path.join(dist, String(entryBytes));
  mkdirSync(path.join(folder, '.vite'), { recursive: true });
  mkdirSync(path.join(folder, 'assets'), { recursive: true });
  writeFileSync(path.join(folder, 'assets/index.js'), randomBytes(entryBytes));
  writeFileSync(path.join(folder, 'assets/login.js'), 'export const login = 1;');
  writeFileSync(path.join(folder, 'assets/tickets.js'), 'export const tickets = 1;');
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true },
    'src/features/auth/login-screen.tsx': { file: 'assets/login.js', isDynamicEntry: true },
    'src/features/tickets/tickets-screen.tsx': { file: 'assets/tickets.js', isDynamicEntry: true },
  };
  writeFileSync(path.join(folder, '.vite/manifest.json'), JSON.stringify(manifest));
  return folder;
}

interface FakeChunk {
  bytes: number;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** A build of the given chunks (random bytes, which barely compress), keyed as Vite's manifest keys them. */
function fakeManifestBuild(name: string, chunks: Record<string, FakeChunk>): string {
  const folder = path.join(dist, name);
  mkdirSync(path.join(folder, '.vite'), { recursive: true });
  mkdirSync(path.join(folder, 'assets'), { recursive: true });
  const manifest = Object.fromEntries(
    Object.entries(chunks).map(([key, chunk], index) => {
      const file = `assets/chunk-${index}.js`;
      writeFileSync(path.join(folder, file), randomBytes(chunk.bytes));
      const { bytes: _bytes, ...links } = chunk;
      return [key, { file, isDynamicEntry: !chunk.isEntry && !key.startsWith('_'), ...links }];
    }),
  );
  writeFileSync(path.join(folder, '.vite/manifest.json'), JSON.stringify(manifest));
  return folder;
}

const LOGIN = 'src/features/auth/login-screen.tsx';
const TICKETS = 'src/features/tickets/tickets-screen.tsx';

/** The sign-in page as Chromium loads it: an entry that defers a toast layer, and the screen, deferred too. */
function signInBuild(name: string, toastsBytes: number): string {
  return fakeManifestBuild(name, {
    'index.html': {
      bytes: 80 * 1024,
      isEntry: true,
      imports: ['_i18n.js'],
      dynamicImports: ['src/app/toasts.tsx', LOGIN, TICKETS],
    },
    '_i18n.js': { bytes: 4 * 1024, dynamicImports: ['src/lib/messages.bn.json'] },
    // Bangla's words load when Bangla is chosen, not on an English page.
    'src/lib/messages.bn.json': { bytes: 100 * 1024 },
    'src/app/toasts.tsx': { bytes: toastsBytes, imports: ['_store.js'] },
    '_store.js': { bytes: 2 * 1024 },
    [LOGIN]: { bytes: 10 * 1024, imports: ['_store.js'], dynamicImports: ['src/features/auth/components/otp-field.tsx'] },
    // Fetched when the number is sent, after the page has gone idle.
    'src/features/auth/components/otp-field.tsx': { bytes: 100 * 1024 },
    // Another route's screen: the sign-in page never fetches it.
    [TICKETS]: { bytes: 100 * 1024 },
  });
}

describe('bundle budgets', () => {
  it('weighs the sign-in page as Chromium loads it: what the app defers at start in, other screens, languages and later steps out', () => {
    const { weights } = weighRoutes(signInBuild('deferred-under', 20 * 1024));
    const signIn = weights.find((weight) => weight.route === '/ (sign-in)');
    // Entry, i18n, toasts, store, screen: 80 + 4 + 20 + 2 + 10 kB and a little gzip framing.
    expect(signIn?.files).toBe(5);
    expect(signIn?.jsGzip).toBeGreaterThan(116 * 1024);
    expect(signIn?.jsGzip).toBeLessThan(118 * 1024);
    expect(overBudget(weights)).toEqual([]);
  });

  it('names the sign-in route when a chunk the app defers at start takes it over 150 kB', () => {
    const missed = overBudget(weighRoutes(signInBuild('deferred-over', 60 * 1024)).weights);
    expect(missed.map((weight) => weight.route)).toEqual(['/ (sign-in)']);
  });

  it('lists the screens the manifest does not know, so a chunk group cannot swallow one unweighed', () => {
    const { missing } = weighRoutes(signInBuild('screens-missing', 20 * 1024));
    expect(missing).toContain('src/features/reports/report-screen.tsx');
    expect(missing).not.toContain(LOGIN);
    expect(missing).not.toContain(TICKETS);
  });

  it('passes every route under its budget', () => {
    expect(overBudget(weighRoutes(fakeBuild(100 * 1024)).weights)).toEqual([]);
  });

  it('names the sign-in route once its JS passes 150 kB', () => {
    const missed = overBudget(weighRoutes(fakeBuild(SIGN_IN_BUDGET + 1024)).weights);
    expect(missed.map((weight) => weight.route)).toEqual(['/ (sign-in)']);
    expect(budgetMiss(missed[0] ?? expect.fail('no miss'))).toMatch(
      /^\/ \(sign-in\) loads 15\d\.\d kB of JS \(gzip\), over its budget of 150\.0 kB$/,
    );
  });

  it('names every route once the shared entry passes 250 kB', () => {
    const missed = overBudget(weighRoutes(fakeBuild(ROUTE_BUDGET + 1024)).weights);
    expect(missed.map((weight) => weight.route)).toContain('/tickets');
    // Every route, sign-in included (its smaller budget is missed all the more).
    expect(missed).toHaveLength(ROUTES.length);
  });

  it('refuses a build without a manifest', () => {
    expect(() => weighRoutes(path.join(dist, 'missing'))).toThrow(/build the web app with --manifest/);
  });

  it('weighs every route of the router', () => {
    // Read as text: the router imports React and Mantine, which this node project does not load.
    const router = readFileSync(ROUTER, 'utf8');
    const paths = [...router.matchAll(/\bpath: '([^']+)'|\bscreen\(\s*'([^']+)'/g)].map((match) => match[1] ?? match[2]);
    const modules = [...router.matchAll(/import\('(\.[^']+)'\)/g)].map((match) => path.posix.join('src/app', match[1] ?? ''));
    expect(paths.length).toBeGreaterThan(10);
    expect(modules.length).toBeGreaterThan(10);
    const routes = ROUTES.map((route) => route.route.split(' ')[0]);
    expect(paths.filter((routePath) => !routes.includes(routePath))).toEqual([]);
    const weighed = new Set(ROUTES.flatMap((route) => route.modules));
    expect(modules.filter((module) => !weighed.has(module))).toEqual([]);
  });
});
