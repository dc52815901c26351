import { Alert, Anchor, Button, Group, Loader, Paper, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink, IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { REPORT_PREVIEW_ROW_LIMIT, type ReportPreviewReply, type ReportPreviewSheet } from '@switchboard/shared';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { reportMessages } from '../messages.ts';
import classes from './workbook-viewer.module.css';

export interface WorkbookViewerProps {
  publicUrl: string;
  preview: ReportPreviewReply | undefined;
  loading: boolean;
  error: string | null;
  timeZone: string | undefined;
}

/** Spreadsheet column names: A…Z, AA… */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A sheet as a spreadsheet shows it: lettered columns, numbered rows, the header row pinned on top. */
function SheetTable({ sheet }: { sheet: ReportPreviewSheet }) {
  const t = useMessages(reportMessages);
  return (
    <ScrollArea.Autosize mah="65vh" type="auto" offsetScrollbars className={classes.frame}>
      <table className={classes.sheet} aria-label={sheet.name}>
        <colgroup>
          <col className={classes.gutterColumn} />
          {sheet.columns.map((column) => (
            // Workbook widths are in characters; the table keeps their proportions.
            <col key={column.header} style={{ width: `${Math.min(column.width, 60)}ch` }} />
          ))}
        </colgroup>
        <thead>
          <tr className={classes.letters} aria-hidden>
            <th className={classes.corner} />
            {sheet.columns.map((column, index) => (
              <th key={column.header}>{columnName(index)}</th>
            ))}
          </tr>
          <tr className={classes.headerRow}>
            <th className={classes.gutter} scope="row">
              1
            </th>
            {sheet.columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              <th className={classes.gutter} scope="row">
                {rowIndex + 2}
              </th>
              {row.map((cell, cellIndex) => (
                <td
                  key={cellIndex}
                  className={sheet.columns[cellIndex]?.align === 'right' ? classes.number : undefined}
                  title={cell.length > 40 ? cell : undefined}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {sheet.rows.length === 0 && (
        <Text c="dimmed" size="sm" p="md">
          {t('viewerEmpty')}
        </Text>
      )}
    </ScrollArea.Autosize>
  );
}

/** The generated workbook in the page: one tab per sheet, with links to open and download the file. */
export function WorkbookViewer({ publicUrl, preview, loading, error, timeZone }: WorkbookViewerProps) {
  const t = useMessages(reportMessages);
  // The workbook opens on its rows (Tickets, or Outages of the ledger), the last sheet; the summary is one tab away.
  const [active, setActive] = useState<string | null>(null);
  const sheets = preview?.sheets ?? [];
  const current = sheets.find((sheet) => sheet.name === active) ?? sheets.at(-1);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={t('viewerLabel')}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconFileSpreadsheet size={28} color="var(--mantine-color-green-7)" aria-hidden />
            <Stack gap={0} miw={0}>
              <Title order={3} size="h5" className={classes.fileName}>
                {preview?.file_name ?? t('viewerLabel')}
              </Title>
              {preview && (
                <Text size="xs" c="dimmed">
                  {t('viewerExpires', { time: formatDisplayDateTime(preview.expires_at, timeZone) })}
                </Text>
              )}
            </Stack>
          </Group>
          <Group gap="xs">
            <Button
              component="a"
              href={publicUrl}
              target="_blank"
              rel="noopener"
              variant="default"
              size="xs"
              leftSection={<IconExternalLink size={14} />}
            >
              {t('viewerOpen')}
            </Button>
            <Button
              component="a"
              href={publicUrl}
              download={preview?.file_name ?? true}
              size="xs"
              leftSection={<IconDownload size={14} />}
            >
              {t('viewerDownload')}
            </Button>
          </Group>
        </Group>

        {loading && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('viewerLoading')}</Text>
          </Group>
        )}
        {error && (
          <Alert color="red" icon={<IconInfoCircle size={16} />}>
            {error}
          </Alert>
        )}
        {current && (
          <Tabs value={current.name} onChange={setActive} variant="outline" keepMounted={false}>
            <Tabs.List>
              {sheets.map((sheet) => (
                <Tabs.Tab key={sheet.name} value={sheet.name}>
                  {sheet.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {sheets.map((sheet) => (
              <Tabs.Panel key={sheet.name} value={sheet.name} pt="xs">
                <Stack gap={6}>
                  <SheetTable sheet={sheet} />
                  <Text size="xs" c="dimmed">
                    {sheet.truncated
                      ? t('viewerTruncated', { rows: REPORT_PREVIEW_ROW_LIMIT })
                      : t('viewerRowsShown', { rows: sheet.rows.length })}
                  </Text>
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
        {!loading && !error && !current && (
          <Anchor href={publicUrl} size="sm">
            {t('viewerDownload')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
