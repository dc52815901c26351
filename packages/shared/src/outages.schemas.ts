/**
 * What a subscriber and the billing system learn of outages (DESIGN.md §23): the status of a number
 * before a ticket, and the outage ledger's report.
 */
import { z } from 'zod';
import { captchaTokenSchema } from './auth.schemas.ts';
import { subscriberNumberSchema } from './subscribers.schemas.ts';
import { reportPeriodSchema } from './reports.schemas.ts';

/** A ticket from a number within this long after its status showed an outage: the report was not avoided. */
export const REPORT_AVOIDED_WINDOW_MINUTES = 30;

/**
 * GET /status/{number}?token= (no sign-in; a solved bot check of the `status` flow). The token is
 * required of everybody but a signed-in staff member (the internal create form); the server says so.
 */
export const outageStatusParamsSchema = z.object({ number: subscriberNumberSchema });
export const outageStatusQuerySchema = z.object({ token: captchaTokenSchema.optional() });

/**
 * The same shape for every number, known or not: whether a known outage affects the number's area,
 * since when, and the incident's public note. Never a name, a plan or a ticket.
 */
export const outageStatusSchema = z.object({
  outage: z.object({ since: z.string(), public_note: z.string().nullable() }).nullable(),
});
export type OutageStatus = z.infer<typeof outageStatusSchema>;
export const outageStatusReplySchema = z.object({ data: outageStatusSchema });
export type OutageStatusReply = z.infer<typeof outageStatusReplySchema>;

/**
 * POST /reports/outages (report users): per subscriber, the incidents that affected its area in the
 * period, their minutes within it and the days with an outage, as a workbook (the report flow of §6).
 */
export const outageReportBodySchema = reportPeriodSchema;
export type OutageReportBody = z.infer<typeof outageReportBodySchema>;
