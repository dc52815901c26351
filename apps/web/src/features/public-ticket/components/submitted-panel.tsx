import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useMessages } from '../../../lib/i18n.ts';
import { publicTicketMessages } from '../messages.ts';

export interface SubmittedPanelProps {
  ticketId: number;
  onSubmitAnother: () => void;
}

/** Replaces the form once the ticket is stored: the spec's two sentences and the ticket number. */
export function SubmittedPanel({ ticketId, onSubmitAnother }: SubmittedPanelProps) {
  const t = useMessages(publicTicketMessages);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was in is gone: move focus (and screen readers) to the confirmation.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack align="center" gap="md" py="lg" ta="center" role="status">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={40} aria-hidden />
      </ThemeIcon>
      <Title order={2} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {t('successTitle')}
      </Title>
      <Text size="lg">{t('successBody')}</Text>
      <Stack gap={2} align="center">
        <Text size="sm" c="dimmed">
          {t('successTicketId')}
        </Text>
        <Text fz={28} fw={700} ff="monospace" data-testid="submitted-ticket-id">
          {ticketId}
        </Text>
      </Stack>
      <Text size="sm" c="dimmed" maw={420}>
        {t('successKeepIt')}
      </Text>
      <Button variant="light" onClick={onSubmitAnother}>
        {t('successAnother')}
      </Button>
    </Stack>
  );
}
