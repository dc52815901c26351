/** Request and reply schemas of the reports endpoints (the contract between web and server). */
import { z } from 'zod';
import { optionalQuery, uuidSchema } from './common.schemas.ts';
import { msg, type ValidationMessageKey } from './messages.ts';

/** The longest period one report covers: a year and a month, so "the last twelve months" always fits. */
export const REPORT_MAX_DAYS = 400;
/** How long the link of a generated report works. */
export const REPORT_LINK_TTL_SECONDS = 60 * 60;
/** How many rows of each sheet the in-app viewer shows; the downloaded workbook has them all. */
export const REPORT_PREVIEW_ROW_LIMIT = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant with an explicit offset: the spec sends `2026-03-01T00:00:00+00:00`, the web client the provider's offset. */
function instantSchema(required: ValidationMessageKey) {
  return z
    .string(msg(required))
    .trim()
    .min(1, msg(required))
    .pipe(z.iso.datetime({ offset: true, message: msg('reports.instant') }));
}

/**
 * The stored form (88…) of a user's number as typed or as stored: `+8809638000001`,
 * `8809638000001` and `09638000001` are the same number. Null when it is not a number at all.
 */
export function storedUserNumber(entry: string): string | null {
  const digits = entry.trim().replace(/^\+/, '');
  if (!/^\d{11,13}$/.test(digits)) return null;
  const stored = digits.startsWith('88') ? digits : `88${digits}`;
  return /^880\d{10}$/.test(stored) ? stored : null;
}

const periodFields = {
  start_date: instantSchema('reports.startRequired'),
  end_date: instantSchema('reports.endRequired'),
};

/** A report's period must be in order and at most REPORT_MAX_DAYS long. */
function refinePeriod(body: { start_date: string; end_date: string }, context: z.RefinementCtx): void {
  const start = Date.parse(body.start_date);
  const end = Date.parse(body.end_date);
  if (end < start) context.addIssue({ code: 'custom', path: ['end_date'], message: msg('reports.endBeforeStart') });
  else if (end - start >= REPORT_MAX_DAYS * DAY_MS)
    context.addIssue({ code: 'custom', path: ['end_date'], message: msg('reports.tooLong', { max: REPORT_MAX_DAYS }) });
}

/** [start_date, end_date], both included to the second (the server also refuses an end later than today). */
export const reportPeriodSchema = z.object(periodFields).superRefine(refinePeriod);
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

/**
 * POST /tickets/report: a period (reportPeriodSchema) and optional narrowing. `user_phone_number`
 * narrows to the tickets issued by the user with that product number or phone number (what the user
 * picker sends is the product number).
 */
export const reportBodySchema = z
  .object({
    ...periodFields,
    group_id: optionalQuery(uuidSchema),
    sub_group_id: optionalQuery(uuidSchema),
    user_phone_number: optionalQuery(
      z
        .string()
        .trim()
        .refine((value) => storedUserNumber(value) !== null, msg('reports.numberInvalid'))
        .transform((value) => storedUserNumber(value) ?? value),
    ),
  })
  .superRefine(refinePeriod);
export type ReportBody = z.infer<typeof reportBodySchema>;
export type ReportInput = z.input<typeof reportBodySchema>;

/** The spec reads public_url: a link to the workbook that works for REPORT_LINK_TTL_SECONDS. */
export const reportReplySchema = z.object({ public_url: z.string() });
export type ReportReply = z.infer<typeof reportReplySchema>;

/** GET /tickets/report/preview: the link a report call returned. */
export const reportPreviewQuerySchema = z.object({
  public_url: z.string(msg('reports.linkMissing')).trim().min(1, msg('reports.linkMissing')).max(4096),
});
export type ReportPreviewQuery = z.infer<typeof reportPreviewQuerySchema>;

/** One sheet of the stored workbook as text: the header row, then up to REPORT_PREVIEW_ROW_LIMIT rows. */
export const reportPreviewSheetSchema = z.object({
  name: z.string(),
  columns: z.array(
    z.object({
      header: z.string(),
      /** Width in characters, as the workbook sizes the column. */
      width: z.number(),
      /** Numbers and dates line up on the right, as in a spreadsheet. */
      align: z.enum(['left', 'right']),
    }),
  ),
  rows: z.array(z.array(z.string())),
  /** Whether the sheet has more rows than shown. */
  truncated: z.boolean(),
});
export type ReportPreviewSheet = z.infer<typeof reportPreviewSheetSchema>;

export const reportPreviewReplySchema = z.object({
  file_name: z.string(),
  /** When the link stops working (ISO instant). */
  expires_at: z.string(),
  sheets: z.array(reportPreviewSheetSchema),
});
export type ReportPreviewReply = z.infer<typeof reportPreviewReplySchema>;
