import { ActionIcon, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { MAX_ATTACHMENTS } from '@switchboard/shared';
import { useMessages } from '../lib/i18n.ts';
import type { ImageUploads } from '../lib/use-image-uploads.ts';
import { ACCEPTED_IMAGE_TYPES } from '../lib/uploads.ts';
import { componentsMessages } from './messages.ts';

export interface ImageAttachmentsInputProps {
  uploads: ImageUploads;
  /** 'Upload file' unless given. */
  label?: string;
  /** 'Choose images' unless given. */
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A multi-file image picker that shows every picked file with its upload progress, and for a failed
 * one the file name and the reason. Files picked later are added to the earlier ones.
 */
export function ImageAttachmentsInput({ uploads, label, placeholder, disabled = false }: ImageAttachmentsInputProps) {
  const t = useMessages(componentsMessages);
  const room = MAX_ATTACHMENTS - uploads.items.length;
  return (
    <Stack gap={6}>
      <FileInput
        multiple
        clearable
        accept={ACCEPTED_IMAGE_TYPES}
        label={label ?? t('uploadFile')}
        placeholder={placeholder ?? t('chooseImages')}
        description={t('imagesOnly', { max: MAX_ATTACHMENTS })}
        leftSection={<IconPhoto size={18} aria-hidden />}
        disabled={disabled || room <= 0}
        value={uploads.items.map((item) => item.file)}
        onChange={(files) => {
          // The native input reports only the newest pick; an emptied value means "clear all".
          if (files.length === 0) uploads.reset();
          else uploads.add(files.filter((file) => !uploads.items.some((item) => item.file === file)).slice(0, room));
        }}
      />
      {uploads.items.length > 0 && (
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
      )}
    </Stack>
  );
}
