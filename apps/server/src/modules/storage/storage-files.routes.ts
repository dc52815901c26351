import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The local object store at /storage (to be built). */
const storageFilesRoutes: FastifyPluginAsyncZod = async () => {};

export default storageFilesRoutes;
