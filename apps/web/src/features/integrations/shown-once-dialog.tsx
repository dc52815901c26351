import { Alert, Button, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMessages } from '../../lib/i18n.ts';
import { integrationsMessages } from './messages.ts';

export interface ShownOnceDialogProps {
  title: string;
  /** Says that the value will never be shown again. */
  warning: string;
  /** Names the value (the field's label). */
  label: string;
  /** The token or the secret. */
  value: string;
  onClose: () => void;
}

/**
 * A token or a signing secret, the one time the server sends it: readable, selectable and with a
 * copy button. A click beside the dialog does not close it, so the value is not lost by accident.
 */
export function ShownOnceDialog({ title, warning, label, value, onClose }: ShownOnceDialogProps) {
  const t = useMessages(integrationsMessages);
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg" closeOnClickOutside={false}>
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {warning}
        </Alert>
        <TextInput
          label={label}
          value={value}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            {t('copiedDone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
