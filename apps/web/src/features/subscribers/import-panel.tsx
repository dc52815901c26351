import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { SUBSCRIBER_IMPORT_MAX_BYTES, type SubscriberImportReply } from '@switchboard/shared';
import { useState } from 'react';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { uploadSubscriberCsv, useForgetAfterImport } from './api/subscribers.ts';
import { ImportReport } from './import-report.tsx';
import { subscribersMessages } from './messages.ts';

type Upload =
  | { state: 'idle' }
  | { state: 'sending'; share: number }
  | { state: 'done'; reply: SubscriberImportReply }
  | { state: 'failed'; message: string };

const MAX_MEGABYTES = Math.floor(SUBSCRIBER_IMPORT_MAX_BYTES / (1024 * 1024));

/**
 * Choose a CSV file and import it: the upload's progress, then (while the server stores the last
 * rows) a busy bar, then the report. The file goes as it is; the server streams it.
 */
export function ImportPanel() {
  const t = useMessages(subscribersMessages);
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const forget = useForgetAfterImport();
  const tooLarge = file !== null && file.size > SUBSCRIBER_IMPORT_MAX_BYTES;
  const sending = upload.state === 'sending';

  const start = () => {
    if (!file || tooLarge || sending) return;
    setUpload({ state: 'sending', share: 0 });
    uploadSubscriberCsv(file, (share) => setUpload({ state: 'sending', share }))
      .then((reply) => {
        setUpload({ state: 'done', reply });
        forget();
      })
      .catch((error: unknown) => setUpload({ state: 'failed', message: errorMessage(error) }));
  };

  const percent = upload.state === 'sending' ? Math.round(upload.share * 100) : 0;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('importTitle')}>
      <Stack gap="sm">
        <ScreenHeading title={t('importTitle')} intro={t('importIntro')} order={2} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label={t('chooseFile')}
            placeholder={t('chooseFilePlaceholder')}
            accept=".csv,text/csv"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setUpload({ state: 'idle' });
            }}
            error={tooLarge ? t('fileTooLarge', { max: MAX_MEGABYTES }) : undefined}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            clearable
            style={{ flex: '1 1 220px', minWidth: 0 }}
          />
          <Button onClick={start} disabled={!file || tooLarge} loading={sending}>
            {t('upload')}
          </Button>
        </Group>
        {sending && (
          <Stack gap={4}>
            <Progress
              value={percent < 100 ? percent : 100}
              animated={percent >= 100}
              aria-label={percent < 100 ? t('uploading', { percent }) : t('storing')}
            />
            <Text size="xs" c="dimmed" role="status">
              {percent < 100 ? t('uploading', { percent }) : t('storing')}
            </Text>
          </Stack>
        )}
        {upload.state === 'failed' && (
          <Alert color="red" title={t('importFailed')} role="alert">
            {upload.message}
          </Alert>
        )}
        {upload.state === 'done' && <ImportReport reply={upload.reply} />}
      </Stack>
    </Paper>
  );
}
