import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Presign endpoints under /api/v1 (to be built). */
const storageRoutes: FastifyPluginAsyncZod = async () => {};

export default storageRoutes;
