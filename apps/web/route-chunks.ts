/**
 * The chunks each route of the app loads, read from Vite's manifest: the bundle budgets weigh them
 * (scripts/bench/bundles.ts) and the build lists them for the server, which names them in the page
 * as modulepreload links (route-preloads.ts), so a phone fetches a route's chunks beside the entry
 * instead of one after the other.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@switchboard/shared';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

const LAYOUT = 'src/app/layout/signed-in-layout.tsx';

export interface RouteModules {
  /** The route's path as the router writes it. */
  path: string;
  /** The lazy modules the route loads. */
  modules: string[];
}

/** The routes of src/app/router.tsx and the lazy modules each one loads. */
export const ROUTE_MODULES: RouteModules[] = [
  { path: '/', modules: ['src/features/auth/login-screen.tsx'] },
  { path: '/create-ticket', modules: ['src/features/public-ticket/public-ticket-screen.tsx'] },
  { path: '/rate', modules: ['src/features/rating/rate-screen.tsx'] },
  { path: '/tickets', modules: [LAYOUT, 'src/features/tickets/tickets-screen.tsx'] },
  { path: '/view-ticket', modules: [LAYOUT, 'src/features/ticket-view/view-ticket-screen.tsx'] },
  { path: '/forwarded-tickets', modules: [LAYOUT, 'src/features/forwarding/forwarded-tickets-screen.tsx'] },
  { path: '/add-ticket', modules: [LAYOUT, 'src/features/tickets/add-ticket-screen.tsx'] },
  { path: '/report', modules: [LAYOUT, 'src/features/reports/report-screen.tsx'] },
  { path: '/user-info', modules: [LAYOUT, 'src/features/users/user-info-screen.tsx'] },
  { path: '/incidents', modules: [LAYOUT, 'src/features/incidents/incidents-screen.tsx'] },
  { path: '/incidents/$id', modules: [LAYOUT, 'src/features/incidents/incident-screen.tsx'] },
  { path: '/alarms', modules: [LAYOUT, 'src/features/alarms/alarms-screen.tsx'] },
  { path: '/canned-replies', modules: [LAYOUT, 'src/features/canned-replies/canned-replies-screen.tsx'] },
  { path: '/create-user', modules: [LAYOUT, 'src/features/users/create-user-screen.tsx'] },
  { path: '/group-info', modules: [LAYOUT, 'src/features/groups/group-info-screen.tsx'] },
  { path: '/create-group', modules: [LAYOUT, 'src/features/groups/create-group-screen.tsx'] },
  { path: '/dashboard', modules: [LAYOUT, 'src/features/dashboard/dashboard-screen.tsx'] },
  { path: '/service-levels', modules: [LAYOUT, 'src/features/service-levels/service-levels-screen.tsx'] },
  { path: '/calendars', modules: [LAYOUT, 'src/features/calendars/calendars-screen.tsx'] },
  { path: '/notifications', modules: [LAYOUT, 'src/features/notifications/failed-notifications-screen.tsx'] },
  { path: '/audit', modules: [LAYOUT, 'src/features/audit/audit-screen.tsx'] },
  { path: '/subscribers', modules: [LAYOUT, 'src/features/subscribers/subscribers-screen.tsx'] },
  { path: '/areas', modules: [LAYOUT, 'src/features/subscribers/areas-screen.tsx'] },
  { path: '/integrations', modules: [LAYOUT, 'src/features/integrations/integrations-screen.tsx'] },
  { path: '/channels', modules: [LAYOUT, 'src/features/channels/channels-screen.tsx'] },
  { path: '/articles', modules: [LAYOUT, 'src/features/articles/articles-screen.tsx'] },
];

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app with --manifest`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** A module of another language's words (`messages.bn.json`, `bn.json`): fetched only once that language is chosen. */
export const OTHER_LANGUAGE = new RegExp(
  `(^|[/._-])(${LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).join('|')})([/._-]|$)`,
);

/** The chunk keys a set of chunks loads at once: themselves and their static imports, transitively. */
export function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

export const entriesOf = (manifest: Manifest): string[] => Object.keys(manifest).filter((key) => manifest[key]?.isEntry);

/**
 * What the app defers as it starts, on every page: not a route's screen (loaded when navigated to),
 * nor another language's words (loaded when chosen).
 */
export function deferredAtStart(manifest: Manifest): string[] {
  const named = new Set(ROUTE_MODULES.flatMap((route) => route.modules));
  return [...closure(manifest, entriesOf(manifest))].flatMap((key) =>
    (manifest[key]?.dynamicImports ?? []).filter((deferred) => !named.has(deferred) && !OTHER_LANGUAGE.test(deferred)),
  );
}

/** The JS files of some chunk keys. */
export const scriptsOf = (manifest: Manifest, keys: Iterable<string>): Set<string> =>
  new Set([...keys].map((key) => manifest[key]?.file).filter((file): file is string => file?.endsWith('.js') === true));

/**
 * Each route's scripts beyond the entry (which the page loads anyway), as URLs: what the app
 * defers as it starts, the route's lazy modules and everything they import statically.
 */
export function routePreloads(manifest: Manifest): Record<string, string[]> {
  const entries = entriesOf(manifest);
  const loaded = scriptsOf(manifest, closure(manifest, entries));
  const atStart = deferredAtStart(manifest);
  return Object.fromEntries(
    ROUTE_MODULES.map(({ path: route, modules }) => [
      route,
      [...scriptsOf(manifest, closure(manifest, [...atStart, ...modules]))]
        .filter((file) => !loaded.has(file))
        .map((file) => `/${file}`),
    ]),
  );
}
