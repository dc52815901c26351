import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The reports endpoints under /api/v1 (to be built). */
const reportsRoutes: FastifyPluginAsyncZod = async () => {};

export default reportsRoutes;
