import { Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMessages } from '../../lib/i18n.ts';
import { ticketPresenceMessages } from './messages.ts';
import { presenceText } from './presence-text.ts';
import { useTicketPresence } from './use-ticket-presence.ts';

export interface TicketPresenceProps {
  ticketId: number;
  /** Whether this view's person is writing a comment (text in the box, or the box in focus). */
  replying: boolean;
}

/**
 * "Rahim is viewing", "Karim is replying" under the ticket's title (DESIGN.md §27). The region is
 * always there, empty when nobody else is, so that a screen reader hears each change, politely.
 */
export default function TicketPresence({ ticketId, replying }: TicketPresenceProps) {
  const t = useMessages(ticketPresenceMessages);
  const others = useTicketPresence(ticketId, replying);
  const text = presenceText(t, others);
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite" aria-label={t('label')} mt={text ? 4 : 0}>
      {text && (
        <>
          <IconEye size={14} aria-hidden style={{ verticalAlign: '-2px', marginInlineEnd: 4 }} />
          {text}
        </>
      )}
    </Text>
  );
}
