/**
 * The report form's rules: the report endpoint's schema, loaded by the form right after it shows
 * (zod and the shared schemas are a tenth of the screen's script, and nothing is checked before
 * the user acts).
 */
import { msg, reportBodySchema, type ReportInput } from '@switchboard/shared';
import { translateMessageRef } from '../../lib/schema-messages.ts';
import { errorsOf, validateWith, type FieldErrors } from '../../lib/schema-form.ts';
import type { PeriodDraft } from './report-period.ts';

/**
 * What the report endpoint's schema says of the body (both dates required, in order, at most
 * REPORT_MAX_DAYS long, a valid user number), plus the spec's rule that the end is not after today,
 * which only the server's clock can state and so is not in the schema.
 */
export function reportErrors(body: ReportInput, period: PeriodDraft, today: string): FieldErrors {
  const errors = errorsOf(validateWith(reportBodySchema, body));
  if (!errors.end_date && period.end && period.end > today) errors.end_date = translateMessageRef(msg('reports.endInFuture'));
  return errors;
}
