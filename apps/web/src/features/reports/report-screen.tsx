import '@mantine/dates/styles.css';
import { Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { type ReportInput } from '@switchboard/shared';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { RetentionNote } from '../../components/retention-note/retention-note.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { todayIn } from '../../lib/dates.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { reportErrorMessage, useGenerateReport, useReportPreview, type ReportKind } from './api/reports.ts';
import { ReportForm, type ReportFieldErrors } from './components/report-form.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { reportMessages } from './messages.ts';

// The viewer (tabs, scroll area, icons) is needed only once a report exists: loading it then keeps
// the screen inside its script budget.
const WorkbookViewer = lazy(async () => ({
  default: (await import('./components/workbook-viewer.tsx')).WorkbookViewer,
}));

/**
 * Opens the workbook in a new tab (spec §2). A browser blocks a tab opened long after the click,
 * so the viewer below always offers the same link too; the new tab gets no handle on this page.
 */
function openInNewTab(url: string): void {
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
}

/** /report: cc and rs staff only; everybody else goes to the ticket list (spec §6). */
export function ReportScreen() {
  const t = useMessages(reportMessages);
  const timeZone = useProviderTimeZone();
  const today = todayIn(timeZone);
  const generate = useGenerateReport();
  const [publicUrl, setPublicUrl] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<ReportFieldErrors>({});
  const preview = useReportPreview(publicUrl);

  function onGenerate(body: ReportInput, kind: ReportKind) {
    setServerErrors({});
    generate.mutate(
      { kind, body },
      {
        onSuccess: ({ public_url }) => {
          setPublicUrl(public_url);
          openInNewTab(public_url);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details) setServerErrors(error.details);
          notifications.show({ color: 'red', message: reportErrorMessage(error) });
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <div>
        <ScreenHeading title={t('title')} intro={t('intro')} />
        <RetentionNote />
      </div>
      <ReportForm
        today={today}
        timeZone={timeZone}
        startedAt={generate.isPending ? generate.submittedAt : null}
        serverErrors={serverErrors}
        onGenerate={onGenerate}
      />
      {publicUrl && (
        <Suspense fallback={<Loader size="sm" aria-label={t('viewerLoading')} />}>
          <WorkbookViewer
            key={publicUrl}
            publicUrl={publicUrl}
            preview={preview.data}
            loading={preview.isPending}
            error={preview.isError ? reportErrorMessage(preview.error) : null}
            timeZone={timeZone}
          />
        </Suspense>
      )}
    </Stack>
  );
}
