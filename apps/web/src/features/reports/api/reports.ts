/** The report calls as React Query hooks: generating a report, its preview. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReportInput, ReportPreviewReply, ReportReply } from '@switchboard/shared';
import { apiRequest, ApiError, UNKNOWN } from '../../../lib/api-client.ts';
import { translate } from '../../../lib/i18n.ts';
import { reportMessages } from '../messages.ts';

/**
 * The text of a failed report call: the server's own message, else the spec's 'An error occurred'
 * (also instead of the generic fallback that stands in for a missing message).
 */
export function reportErrorMessage(error: unknown): string {
  const own = error instanceof ApiError && error.message && error.code !== 'internal' && error.code !== UNKNOWN;
  return own ? error.message : translate(reportMessages, 'failed');
}

/** What a report holds: the tickets of a period, or the outage ledger of a period (DESIGN.md §23). */
export type ReportKind = 'tickets' | 'outages';

const REPORT_PATHS: Record<ReportKind, string> = { tickets: '/tickets/report', outages: '/reports/outages' };

export function useGenerateReport() {
  return useMutation({
    mutationFn: ({ kind, body }: { kind: ReportKind; body: ReportInput }) =>
      apiRequest<ReportReply>(REPORT_PATHS[kind], {
        method: 'POST',
        // The ledger takes the period alone.
        body: kind === 'outages' ? { start_date: body.start_date, end_date: body.end_date } : body,
      }),
  });
}

/** What the in-app viewer shows of a generated workbook. */
export function useReportPreview(publicUrl: string | null) {
  return useQuery({
    queryKey: ['report-preview', publicUrl],
    queryFn: () => apiRequest<ReportPreviewReply>('/tickets/report/preview', { query: { public_url: publicUrl } }),
    enabled: publicUrl !== null,
    // The link expires in an hour; a preview is never refetched behind the reader's back.
    staleTime: Infinity,
  });
}
