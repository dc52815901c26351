import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canReportOutages,
  canUseReports,
  errorReplySchema,
  outageReportBodySchema,
  reportBodySchema,
  reportPreviewQuerySchema,
  reportPreviewReplySchema,
  reportReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import { generateOutageLedger } from './outage-ledger.service.ts';
import { generateReport, previewReport, type ReportsContext } from './reports.service.ts';

/** The reports endpoints under /api/v1 (cc and rs staff). */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;
  const ctx: ReportsContext = {
    db,
    storage: storageDriverFor(config),
    timezone: config.timezone,
    brandName: config.brandName,
    links: { secret: config.storageSecret, publicUrl: config.publicUrl },
    log: app.log,
  };
  // onRequest: a stranger gets 401 and other staff 403 before the body is even read.
  // A fresh hook list per route: the rate limiter appends its hook to the list it is given.
  const reportUsers = () => ({
    onRequest: [app.requires(canUseReports, 'reports.forbidden')],
  });

  app.post(
    '/tickets/report',
    {
      ...reportUsers(),
      schema: {
        tags: ['reports'],
        summary: 'Exports the tickets of a period as an .xlsx workbook; the link works for one hour',
        body: reportBodySchema,
        response: { 200: reportReplySchema, 400: errorReplySchema, 403: errorReplySchema, 429: errorReplySchema },
      },
      config: { rateLimit: writeLimit('report') },
    },
    async (request) => generateReport(ctx, actorOf(request), request.body, request.ip),
  );

  app.post(
    '/reports/outages',
    {
      onRequest: [app.requires(canReportOutages, 'outages.reportsOnly')],
      schema: {
        tags: ['reports'],
        summary:
          'Exports the outage ledger of a period (per subscriber: incidents, outage minutes, days with an outage) as an .xlsx workbook; the link works for one hour',
        body: outageReportBodySchema,
        response: { 200: reportReplySchema, 400: errorReplySchema, 403: errorReplySchema, 429: errorReplySchema },
      },
      config: { rateLimit: writeLimit('report') },
    },
    async (request) => generateOutageLedger(ctx, actorOf(request), request.body, request.ip),
  );

  app.get(
    '/tickets/report/preview',
    {
      ...reportUsers(),
      schema: {
        tags: ['reports'],
        summary: 'The first rows of each sheet of a generated report, for the in-app viewer',
        querystring: reportPreviewQuerySchema,
        response: { 200: reportPreviewReplySchema, 400: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => previewReport(ctx, actorOf(request), request.query.public_url),
  );
};

export default reportsRoutes;
