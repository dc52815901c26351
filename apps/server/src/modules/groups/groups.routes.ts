import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The groups endpoints under /api/v1 (to be built). */
const groupsRoutes: FastifyPluginAsyncZod = async () => {};

export default groupsRoutes;
