import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anonymousLimit } from '../../plugins/write-limits.ts';
import { createCostFactorSource } from './challenge-cost.ts';
import { BOT_CHECK_FLOWS, issueChallenge } from './captcha.service.ts';

/** Which flow the challenge is for: the public form by default (its web form asks without one), sign-in, or the status by number. */
const challengeQuerySchema = z.object({ flow: z.enum(BOT_CHECK_FLOWS).default('public') });

const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const costFactor = {
    public: createCostFactorSource(db, config, 'public'),
    'sign-in': createCostFactorSource(db, config, 'sign-in'),
    status: createCostFactorSource(db, config, 'status'),
  };
  app.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'A fresh bot-check challenge for the invisible widget; dearer under heavy traffic of its flow',
        querystring: challengeQuerySchema,
      },
      config: { rateLimit: anonymousLimit({ max: 120, timeWindow: '1 minute' }) },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { flow } = request.query;
      return issueChallenge(config, flow, await costFactor[flow]());
    },
  );
};

export default captchaRoutes;
