import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel?: string;
  /** Shows the spinner on Confirm and keeps the dialog from closing. */
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}

/** The spec's confirm dialog: a title, a body, Confirm (with spinner) and Close. */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel = 'Confirm',
  loading = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered>
      {typeof body === 'string' ? <Text>{body}</Text> : body}
      {children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={loading}>
          Close
        </Button>
        <Button onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
