import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueChallenge } from './captcha.service.ts';

const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captcha/challenge',
    {
      schema: { tags: ['auth'], summary: 'A fresh bot-check challenge for the invisible widget' },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return issueChallenge(app.deps.config);
    },
  );
};

export default captchaRoutes;
