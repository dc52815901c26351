import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client.ts';
import { useMessages } from '../lib/i18n.ts';
import { currentLabels } from '../lib/labels.ts';
import { componentsMessages } from './messages.ts';

export interface LoadErrorProps {
  error: unknown;
  /** The spec's text for this list ('Failed to fetch users', ...) when the server sent no message. */
  fallback?: string;
  onRetry: () => void;
  /** A retry is on its way: the button spins instead of being pressed twice. */
  retrying?: boolean;
}

/**
 * What a failed read says: the server's message, else the list's own fallback, else the spec's
 * catch-all in the interface's language.
 */
export function loadErrorMessage(error: unknown, fallback?: string): string {
  return error instanceof ApiError && error.message ? error.message : (fallback ?? currentLabels().fallbackError);
}

/**
 * Shown in place of a list that could not be read. An empty text there ("No users found.") would
 * claim there is nothing, when the truth is that nothing could be read; Retry reads it again.
 */
export function LoadError({ error, fallback, onRetry, retrying = false }: LoadErrorProps) {
  const t = useMessages(componentsMessages);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{loadErrorMessage(error, fallback)}</Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={retrying}
          onClick={onRetry}
        >
          {t('retry')}
        </Button>
      </Group>
    </Alert>
  );
}
