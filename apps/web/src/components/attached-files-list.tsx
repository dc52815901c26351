import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMessages } from '../lib/i18n.ts';
import type { ImageUploads } from '../lib/use-image-uploads.ts';
import { componentsMessages } from './messages.ts';

/** The files of ImageAttachmentsInput, in a chunk of its own (see there). */
export function AttachedFilesList({ uploads, disabled }: { uploads: ImageUploads; disabled: boolean }) {
  const t = useMessages(componentsMessages);
  return (
    <Stack gap={4} aria-label={t('attachedFiles')} role="list">
      {uploads.items.map((item) => (
        <Group key={item.id} gap="xs" wrap="nowrap" role="listitem">
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate="end">
                {item.file.name}
              </Text>
              <Text size="xs" c={item.status === 'failed' ? 'red' : 'dimmed'} style={{ flexShrink: 0 }}>
                {item.status === 'uploading'
                  ? `${Math.round(item.progress * 100)}%`
                  : item.status === 'done'
                    ? t('uploaded')
                    : t('failed')}
              </Text>
            </Group>
            {item.status === 'failed' ? (
              <Text size="xs" c="red" role="alert">
                {t('fileFailed', { name: item.file.name, reason: item.error ?? t('uploadFailed') })}
              </Text>
            ) : (
              <Progress
                value={item.progress * 100}
                size="sm"
                color={item.status === 'done' ? 'teal' : 'blue'}
                animated={item.status === 'uploading'}
                aria-label={t('uploadProgress', { name: item.file.name })}
              />
            )}
          </Stack>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => uploads.remove(item.id)}
            aria-label={t('removeFile', { name: item.file.name })}
            disabled={disabled}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
