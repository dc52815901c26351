import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The forwarding endpoints under /api/v1 (to be built). */
const forwardingRoutes: FastifyPluginAsyncZod = async () => {};

export default forwardingRoutes;
