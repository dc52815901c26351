import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useMessages } from '../lib/i18n.ts';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';
import { componentsMessages } from './messages.ts';

/** The modal of ConfirmDialog, in a chunk of its own (see there). */
export function ConfirmDialogModal({
  opened,
  title,
  body,
  loading = false,
  error,
  onConfirm,
  onClose,
  children,
  size,
}: ConfirmDialogProps) {
  const t = useMessages(componentsMessages);
  // Mantine notes the element to give focus back to when `opened` turns true on a mounted modal, not
  // when it mounts open: the first render after loading is closed, as it was before the split.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void Promise.resolve().then(() => {
      if (!cancelled) setMounted(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <Modal
      opened={opened && mounted}
      onClose={loading ? () => undefined : onClose}
      title={title}
      size={size}
      centered
      // Its footer's Close (and Escape) close it: a corner ✕ would be a second, unnamed button.
      withCloseButton={false}
    >
      {typeof body === 'string' ? <Text>{body}</Text> : body}
      {children}
      {error && (
        <Alert color="red" variant="light" role="alert" mt="md">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {t('close')}
        </Button>
        <Button onClick={onConfirm} loading={loading}>
          {t('confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
