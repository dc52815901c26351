/**
 * The app's page for a route: index.html with the route's scripts named as modulepreload links
 * (the build lists them in route-preloads.json), so a browser fetches them beside the entry rather
 * than after the entry has run and asked for them. Made once per route, at the first request.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface RoutePage {
  html: string;
  etag: string;
}

const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** A router path ('/incidents/$id') as a pattern of request paths. */
const patternOf = (route: string) => new RegExp(`^${route.replace(/\$[a-zA-Z]+/g, '[^/]+').replace(/\//g, '\\/')}\\/?$`);

const linksOf = (scripts: string[]) =>
  scripts.map((script) => `    <link rel="modulepreload" crossorigin href="${script}">\n`).join('');

/** Pages by request path, for a built app in `dist`; a path of no known route gets the bare page. */
export function routePages(dist: string): (requestPath: string) => RoutePage {
  const page = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const listed = path.join(dist, ROUTE_PRELOADS_FILE);
  const preloads = existsSync(listed) ? (JSON.parse(readFileSync(listed, 'utf8')) as Record<string, string[]>) : {};
  const routes = Object.entries(preloads).map(([route, scripts]) => ({ pattern: patternOf(route), scripts }));
  const made = new Map<string, RoutePage>();
  const make = (scripts: string[]): RoutePage => {
    const html = scripts.length > 0 ? page.replace('</head>', `${linksOf(scripts)}  </head>`) : page;
    return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"` };
  };
  return (requestPath) => {
    const route = routes.find(({ pattern }) => pattern.test(requestPath));
    const key = route ? route.pattern.source : '';
    let found = made.get(key);
    if (!found) {
      found = make(route?.scripts ?? []);
      made.set(key, found);
    }
    return found;
  };
}
