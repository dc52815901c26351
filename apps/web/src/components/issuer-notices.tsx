import { Paper, Stack, Text, Title } from '@mantine/core';
import type { NotificationChannel, NotificationKind, TicketNotification } from '@switchboard/shared';
import { formatDisplayDateTime } from '../lib/dates.ts';
import { useTicketNotifications } from '../lib/notifications.ts';

const messages = {
  heading: 'Messages to the issuer',
  channel: { sms: 'SMS', email: 'e-mail' } satisfies Record<NotificationChannel, string>,
  kind: { receipt: 'Receipt', reply: 'Reply', resolved: 'Resolved' } satisfies Record<NotificationKind, string>,
  sent: (channel: string, at: string) => `Notified by ${channel} at ${at}`,
  pending: (channel: string, attempts: number) =>
    attempts === 0 ? `${channel} waiting to be sent` : `${channel} not sent yet (tried ${attempts}×, trying again)`,
  failed: (channel: string, attempts: number) => `${channel} could not be sent (${attempts} tries)`,
};

function noticeText(row: TicketNotification, timeZone: string | undefined): string {
  const channel = messages.channel[row.channel];
  if (row.status === 'sent') return messages.sent(channel, formatDisplayDateTime(row.sent_at, timeZone));
  if (row.status === 'failed') return messages.failed(channel.charAt(0).toUpperCase() + channel.slice(1), row.attempts);
  return messages.pending(channel.charAt(0).toUpperCase() + channel.slice(1), row.attempts);
}

export interface IssuerNoticesProps {
  ticketId: number;
  timeZone: string | undefined;
}

/**
 * What the issuer of a ticket was told and when, one small line per message (staff only; loaded
 * lazily). Nothing is shown while nothing was told, or when the list cannot be read: it is a note
 * beside the ticket, not something to act on.
 */
export default function IssuerNotices({ ticketId, timeZone }: IssuerNoticesProps) {
  const notices = useTicketNotifications(ticketId, true);
  const rows = notices.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label={messages.heading}>
      <Title order={3} size="h5" mb="xs">
        {messages.heading}
      </Title>
      <Stack gap={4}>
        {rows.map((row) => (
          <Text key={row.id} size="sm" c={row.status === 'failed' ? 'red' : row.status === 'pending' ? 'dimmed' : undefined}>
            <Text span fw={500} size="sm">
              {messages.kind[row.kind]}:
            </Text>{' '}
            {noticeText(row, timeZone)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
