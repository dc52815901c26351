import { Group, Paper, Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { displayNumber } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketViewMessages } from '../messages.ts';

/**
 * The closed history panel's frame, shown while the panel's own chunk loads. On a phone the panel
 * sits between the ticket and the conversation: taking its room from the start keeps the arrival
 * of the panel from moving what the user reads.
 */
export function NumberHistoryPlaceholder({ number }: { number: string }) {
  const t = useMessages(ticketViewMessages);
  return (
    <Paper withBorder p="md" aria-hidden>
      <Title order={2} size="h5" c="dimmed">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <span>{t('historyHeading', { number: displayNumber(number) })}</span>
          <IconChevronDown size={16} />
        </Group>
      </Title>
      <Text size="sm">{'\u00a0'}</Text>
    </Paper>
  );
}
