/**
 * What each route of the SPA downloads as Chromium loads it (DESIGN.md §10: every script fetched
 * until the network is idle, deferred chunks included), from Vite's manifest: the entry chunk and
 * the chunks it defers as the app starts (the toast layer), the lazy chunks of the route (the
 * signed-in layout and the screen), and everything these import statically. Not counted: the
 * screens of other routes, the words of a language the page is not shown in, and what a screen
 * imports dynamically on a user's step (the OTP field and the bot check on the number's submit).
 * On the sign-in page this counts exactly the scripts Chromium fetches until the network is idle.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  closure,
  deferredAtStart,
  entriesOf,
  OTHER_LANGUAGE,
  readManifest,
  ROUTE_MODULES,
  scriptsOf,
} from '../../apps/web/route-chunks.ts';
import { scriptsOfPage, SERVER_PAGES } from './server-pages.ts';

export { readManifest };

export interface Route {
  route: string;
  /** The lazy modules the route loads. */
  modules: string[];
}

/** The routes of apps/web/src/app/router.tsx and the lazy modules each one loads (apps/web/route-chunks.ts). */
export const ROUTES: Route[] = ROUTE_MODULES.map(({ path: route, modules }) => ({
  route: route === '/' ? '/ (sign-in)' : route,
  modules,
}));

export interface RouteWeight {
  route: string;
  jsGzip: number;
  cssGzip: number;
  /** The JS files the route fetches (each one a request, and a round trip on a slow line). */
  files: number;
  budget: number;
}

export const SIGN_IN_BUDGET = 150 * 1024;
export const ROUTE_BUDGET = 250 * 1024;
/**
 * The help pages (DESIGN.md §28), read on a phone from a suggestion or a search engine: the issue
 * asks for 100 kB at most. The server writes them whole, without the app (server-pages.ts).
 */
export const HELP_ARTICLE_BUDGET = 100 * 1024;

/**
 * Weighs every route of ROUTES, and every lazy chunk no route names (a new screen must not go
 * unweighed). `missing` lists the route modules the manifest does not know: a chunk group that
 * swallows a screen leaves its route unweighed.
 */
export function weighRoutes(dist: string): { weights: RouteWeight[]; unknown: string[]; missing: string[] } {
  const manifest = readManifest(dist);
  const entries = entriesOf(manifest);
  const gzipped = new Map<string, number>();
  const gzipOf = (file: string) => {
    const known = gzipped.get(file);
    if (known !== undefined) return known;
    const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipped.set(file, size);
    return size;
  };
  const named = new Set(ROUTES.flatMap((route) => route.modules));
  const atStart = deferredAtStart(manifest);
  // The app's one style sheet (cssCodeSplit: false) is a manifest entry of its own that the page links.
  const pageCss = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.css'));
  const weigh = ({ route, modules }: Route): RouteWeight => {
    const chunks = closure(manifest, [...entries, ...atStart, ...modules]);
    const js = scriptsOf(manifest, chunks);
    const css = new Set([...pageCss, ...[...chunks].flatMap((key) => manifest[key]?.css ?? [])]);
    return {
      route,
      jsGzip: [...js].reduce((sum, file) => sum + gzipOf(file), 0),
      cssGzip: [...css].reduce((sum, file) => sum + gzipOf(file), 0),
      files: js.size,
      budget: route.includes('sign-in') ? SIGN_IN_BUDGET : ROUTE_BUDGET,
    };
  };
  const unknown = Object.keys(manifest).filter(
    (key) => manifest[key]?.isDynamicEntry && !named.has(key) && !OTHER_LANGUAGE.test(key),
  );
  const serverPages = SERVER_PAGES.map(({ route, html }) => ({
    route,
    ...scriptsOfPage(dist, html),
    cssGzip: 0,
    budget: HELP_ARTICLE_BUDGET,
  }));
  const weights = [
    ...ROUTES.map(weigh),
    ...serverPages,
    ...unknown.map((key) => weigh({ route: `(lazy) ${key}`, modules: [key] })),
  ];
  const missing = [...named].filter((key) => !manifest[key]);
  return { weights, unknown, missing };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The routes whose JS (gzip) is over their budget. */
export function overBudget(weights: RouteWeight[]): RouteWeight[] {
  return weights.filter((weight) => weight.jsGzip > weight.budget);
}

/** One line per route: JS and CSS (gzip), files, and the verdict against its budget. */
export function weightTable(weights: RouteWeight[]): string[] {
  const header = `${'route'.padEnd(48)}  ${'JS gzip'.padStart(9)}  JS files  ${'CSS gzip'.padStart(9)}  budget (JS)`;
  return [
    header,
    ...weights.map((weight) => {
      const verdict =
        weight.jsGzip <= weight.budget
          ? `met (${kB(weight.budget - weight.jsGzip)} left)`
          : `MISSED by ${kB(weight.jsGzip - weight.budget)}`;
      return `${weight.route.padEnd(48)}  ${kB(weight.jsGzip).padStart(9)}  ${String(weight.files).padStart(8)}  ${kB(weight.cssGzip).padStart(9)}  ≤ ${kB(weight.budget)}: ${verdict}`;
    }),
  ];
}

/** What the budget check says about a route over its budget. */
export function budgetMiss(weight: RouteWeight): string {
  return `${weight.route} loads ${kB(weight.jsGzip)} of JS (gzip), over its budget of ${kB(weight.budget)}`;
}
