/**
 * Security headers on every reply: strict CSP (no inline script), HSTS, nosniff, COOP (DESIGN.md §7),
 * and no caching of API replies or report links, refusals included.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/**
 * API replies carry tickets, names and numbers of one signed-in user, and report links carry the
 * whole period's tickets: no browser or proxy cache may keep them, whatever the status. Stored
 * files are matched as a whole (a key may be spelled percent-encoded): an attachment sets its own
 * long cache on success, every other reply there is no-store.
 */
const PRIVATE_PATH = /^\/(api\/v1|storage)(\/|\?|$)/;

export default fp(
  async (app, { config }: { config: Config }) => {
    const headers = headersOf(helmetOptionsOf(storageOriginsOf(config)));
    // A route that sets one of them itself (a stored file's sandbox, the docs page's CSP) wins.
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
    app.addHook('onSend', async (request, reply) => {
      if (PRIVATE_PATH.test(request.url) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'security' },
);

/** Helmet's options: the app's CSP and its stricter choices of the other headers. */
function helmetOptionsOf(storageOrigins: string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Mantine writes its CSS variables into style elements.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...storageOrigins],
        'connect-src': ["'self'", ...storageOrigins],
        'font-src': ["'self'", 'data:'],
        // The bot check solves its puzzle in a worker.
        'worker-src': ["'self'", 'blob:'],
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'", ...storageOrigins],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, computed once: helmet runs on a response that only records them, as
 * building its middleware (parsing the CSP) on every request cost 3% of a list request's time.
 */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

function storageOriginsOf(config: Config): string[] {
  if (config.storage.driver !== 's3') return [];
  const urls = [config.storage.endpoint, config.storage.publicUrl].filter((url): url is string => Boolean(url));
  return urls.map((url) => new URL(url).origin);
}
