import { Badge, Group, Text, Timeline } from '@mantine/core';
import { IconArrowForwardUp } from '@tabler/icons-react';
import type { ForwardHistoryEntry } from '@switchboard/shared';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { FromTicketLabel } from '../merge/from-ticket-label.tsx';
import { ticketViewMessages } from '../messages.ts';

/** The forwards of a ticket, oldest first, read-only (the server sends them to staff only). */
export function ForwardHistory({ entries, timeZone }: { entries: ForwardHistoryEntry[]; timeZone: string | undefined }) {
  const t = useMessages(ticketViewMessages);
  const labels = useLabels();
  return (
    <Timeline bulletSize={22} lineWidth={2} active={entries.length - 1}>
      {entries.map((entry, index) => (
        <Timeline.Item
          key={`${entry.created_at}-${index}`}
          bullet={<IconArrowForwardUp size={12} />}
          title={
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {labels.holder(entry.previously_issued_to)} → {labels.holder(entry.newly_issued_to)}
              </Text>
              {entry.is_in_forward_loop && (
                <Badge size="xs" variant="light">
                  {t('forwardHistoryInLoop')}
                </Badge>
              )}
              <FromTicketLabel ticketId={entry.from_ticket_id} />
            </Group>
          }
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {entry.forward_cause}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {t('forwardHistoryBy', { name: entry.forwarded_by_name })} · {formatDisplayDateTime(entry.created_at, timeZone)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
