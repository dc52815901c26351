import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The comments endpoints under /api/v1 (to be built). */
const commentsRoutes: FastifyPluginAsyncZod = async () => {};

export default commentsRoutes;
