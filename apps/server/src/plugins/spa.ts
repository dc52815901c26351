/** Serves the built SPA; unknown GETs outside /api and /storage get index.html (history fallback). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const NOT_SPA = /^\/(api|storage)(\/|$)/;
/** A request for a file (a name with an extension, or anything under /assets): a missing one is a 404, never the app page. */
const FILE = /^\/assets\/|\.[A-Za-z0-9]+$/;

export default fp(
  async (app) => {
    const hasSpa = existsSync(`${WEB_DIST}/index.html`);
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: WEB_DIST,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset.
        preCompressed: true,
        setHeaders: (res, filePath) => {
          if (filePath.includes('/assets/')) res.raw.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (hasSpa && (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(path) && !FILE.test(path)) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply
        .code(404)
        .send({ message: request.say('common.noSuchEndpoint', { method: request.method, path }), code: 'not_found' });
    });
  },
  { name: 'spa' },
);
