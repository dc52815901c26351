import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { publicTicketMessages as messages } from '../messages.ts';

export interface SubmittedPanelProps {
  ticketId: number;
  onSubmitAnother: () => void;
}

/** Replaces the form once the ticket is stored: the spec's two sentences and the ticket number. */
export function SubmittedPanel({ ticketId, onSubmitAnother }: SubmittedPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was in is gone: move focus (and screen readers) to the confirmation.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack align="center" gap="md" py="lg" ta="center" role="status">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light">
        <IconCircleCheck size={40} aria-hidden />
      </ThemeIcon>
      <Title order={2} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {messages.success.title}
      </Title>
      <Text size="lg">{messages.success.body}</Text>
      <Stack gap={2} align="center">
        <Text size="sm" c="dimmed">
          {messages.success.ticketId}
        </Text>
        <Text fz={28} fw={700} ff="monospace" data-testid="submitted-ticket-id">
          {ticketId}
        </Text>
      </Stack>
      <Text size="sm" c="dimmed" maw={420}>
        {messages.success.keepIt}
      </Text>
      <Button variant="light" onClick={onSubmitAnother}>
        {messages.success.another}
      </Button>
    </Stack>
  );
}
