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

export function useGenerateReport() {
  return useMutation({
    mutationFn: (body: ReportInput) => apiRequest<ReportReply>('/tickets/report', { method: 'POST', body }),
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
