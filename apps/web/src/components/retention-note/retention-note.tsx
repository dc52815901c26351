import { Text } from '@mantine/core';
import { useRetention } from '../../entities/retention.ts';
import { useMessages } from '../../lib/i18n.ts';
import { retentionNoteMessages } from './messages.ts';

/**
 * One line saying that closed tickets are removed after N days (DESIGN.md §29), under the heading of
 * a screen whose figures it affects; nothing while retention is off or the answer has not come.
 */
export function RetentionNote() {
  const t = useMessages(retentionNoteMessages);
  const days = useRetention().data?.data.closed_ticket_days;
  if (!days) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="retention-note">
      {t('closedTicketsRemoved', { days })}
    </Text>
  );
}
