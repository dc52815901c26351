import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMessages } from '../lib/i18n.ts';
import { componentsMessages } from './messages.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: ReactNode;
  /** While the action runs: the spinner on Confirm, and the dialog cannot be closed. */
  loading?: boolean;
  /** Why the action failed. The dialog stays open with it, to try again or to close. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}

/** The spec's confirm dialog (§2): a title, a body, a Confirm button with spinner, and a Close button. */
export function ConfirmDialog({ opened, title, body, loading = false, error, onConfirm, onClose, children }: ConfirmDialogProps) {
  const t = useMessages(componentsMessages);
  return (
    <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered>
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
