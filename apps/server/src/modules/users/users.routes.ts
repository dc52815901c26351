import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The users endpoints under /api/v1 (to be built). */
const usersRoutes: FastifyPluginAsyncZod = async () => {};

export default usersRoutes;
