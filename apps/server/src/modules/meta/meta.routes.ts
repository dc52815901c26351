import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, publicConfigSchema } from '@switchboard/shared';
import { z } from 'zod';

const outboxReplySchema = z.object({
  data: z.array(z.object({ to: z.string(), text: z.string(), purpose: z.enum(['code', 'notice']), sent_at: z.string() })),
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/**
 * A proxy on this machine forwards strangers from loopback; whatever it adds gives them away. A proxy
 * that adds none of these cannot be told from a person: DEV_OUTBOX=off is the answer to that one.
 */
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
  'via',
];

/** Whether the request comes from a person on this machine, not through a proxy on it. */
function isFromThisMachine(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** What the SPA needs before sign-in, and the development SMS outbox. */
const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, sms } = app.deps;

  app.get(
    '/config',
    {
      schema: { tags: ['meta'], summary: 'Brand name, time zone and bot-check settings', response: { 200: publicConfigSchema } },
    },
    async () => ({
      brand_name: config.brandName,
      timezone: config.timezone,
      captcha: { challenge_url: '/api/v1/captcha/challenge' },
    }),
  );

  app.get('/dev/outbox', { schema: { hide: true, response: { 200: outboxReplySchema } } }, async (request) => {
    // Only when turned on (never in production), and only from this machine: the outbox holds sign-in codes.
    if (!config.devOutbox || config.isProduction || !isFromThisMachine(request)) {
      throw new AppError('not_found', 'common.noSuchEndpoint', { method: 'GET', path: request.url });
    }
    return { data: sms.outbox() };
  });
};

export default metaRoutes;
