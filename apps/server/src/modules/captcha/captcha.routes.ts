import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anonymousLimit } from '../../plugins/write-limits.ts';
import { createCostFactorSource } from './challenge-cost.ts';
import { issueChallenge } from './captcha.service.ts';

const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const costFactor = createCostFactorSource(db, config);
  app.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'A fresh bot-check challenge for the invisible widget; dearer under heavy public traffic',
      },
      config: { rateLimit: anonymousLimit({ max: 120, timeWindow: '1 minute' }) },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return issueChallenge(config, await costFactor());
    },
  );
};

export default captchaRoutes;
