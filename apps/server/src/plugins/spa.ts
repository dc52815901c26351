/** Serves the built SPA; unknown GETs outside /api and /storage get index.html (history fallback). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { routePages } from './route-page.ts';

const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
// /metrics is served only by the metrics listener (DESIGN.md §29): here it is a 404, never the app's page.
const NOT_SPA = /^\/(api|storage|metrics)(\/|$)/;
/** A request for a file (a name with an extension, or anything under /assets): a missing one is a 404, never the app page. */
const FILE = /^\/assets\/|\.[A-Za-z0-9]+$/;

export default fp(
  async (app, { dist = WEB_DIST }: { dist?: string }) => {
    const hasSpa = existsSync(`${dist}/index.html`);
    const pageFor = hasSpa ? routePages(dist) : undefined;
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset.
        preCompressed: true,
        // Our own Cache-Control only: the plugin's default (max-age=0) replaced it, so a returning
        // visitor's browser asked again for every file of the app (a round trip each on a phone).
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          // Files under /assets are named by their content's hash: kept a year, never asked for again.
          // The page and the other files (the logo) keep their names and are checked on each use.
          reply.header('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (pageFor && (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(path) && !FILE.test(path)) {
        const page = pageFor(path);
        reply.header('Cache-Control', 'no-cache').header('ETag', page.etag);
        if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
        return reply.type('text/html; charset=utf-8').send(page.html);
      }
      return reply
        .code(404)
        .send({ message: request.say('common.noSuchEndpoint', { method: request.method, path }), code: 'not_found' });
    });
  },
  { name: 'spa' },
);
