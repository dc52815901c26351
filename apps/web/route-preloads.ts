/**
 * A build step: writes `route-preloads.json` beside the page, each route's scripts beyond the entry
 * (route-chunks.ts). The server names them in the page it sends for that route as modulepreload
 * links, so a phone fetches them beside the entry instead of after the entry has run.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { readManifest, routePreloads } from './route-chunks.ts';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export function writeRoutePreloads(): Plugin {
  let outDir = 'dist';
  return {
    name: 'switchboard:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      writeFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(readManifest(outDir))));
    },
  };
}
