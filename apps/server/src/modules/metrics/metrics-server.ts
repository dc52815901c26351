/**
 * The listener of /metrics (DESIGN.md §29): a server of its own on METRICS_PORT, loopback by
 * default, so that the figures never show on the public port and need no sign-in. Every other path
 * is a 404.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

export function buildMetricsServer(registry: Registry): FastifyInstance {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => {
    const text = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
  server.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: 'Only /metrics is served here.', code: 'not_found' }),
  );
  return server;
}
