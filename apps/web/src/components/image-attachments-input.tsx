import { FileInput, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { MAX_ATTACHMENTS } from '@switchboard/shared';
import { lazy, Suspense } from 'react';
import { useMessages } from '../lib/i18n.ts';
import type { ImageUploads } from '../lib/use-image-uploads.ts';
import { ACCEPTED_IMAGE_TYPES } from '../lib/uploads.ts';
import { componentsMessages } from './messages.ts';

// The list of picked files, with their progress and remove buttons, loads with the first pick: a
// form's first paint needs only the picker.
const AttachedFilesList = lazy(() =>
  import('./attached-files-list.tsx').then((module) => ({ default: module.AttachedFilesList })),
);

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
        <Suspense fallback={null}>
          <AttachedFilesList uploads={uploads} disabled={disabled} />
        </Suspense>
      )}
    </Stack>
  );
}
