import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The tickets endpoints under /api/v1 (to be built). */
const ticketsRoutes: FastifyPluginAsyncZod = async () => {};

export default ticketsRoutes;
