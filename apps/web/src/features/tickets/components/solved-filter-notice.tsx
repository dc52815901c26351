import { Button, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketsMessages } from '../messages.ts';

export interface SolvedFilterNoticeProps {
  from: string | undefined;
  to: string | undefined;
  onRemove: () => void;
}

/**
 * The "solved between" filter (staff; the dashboard's "Solved" figures open it): said above the
 * list, so that a person sees why the list is narrowed, with a button that removes it.
 */
export function SolvedFilterNotice({ from, to, onRemove }: SolvedFilterNoticeProps) {
  const t = useMessages(ticketsMessages);
  if (!from && !to) return null;
  const text =
    from && to ? t('solvedBetween', { from, to }) : from ? t('solvedSince', { from }) : t('solvedUntil', { to: to ?? '' });
  return (
    <Group gap="xs" wrap="wrap" data-testid="solved-filter">
      <Text size="sm" fw={600}>
        {text}
      </Text>
      <Button variant="subtle" size="compact-sm" leftSection={<IconX size={14} aria-hidden />} onClick={onRemove}>
        {t('solvedRemove')}
      </Button>
    </Group>
  );
}
