import { Paper, Stack, Text, Title } from '@mantine/core';
import type { DeliveryReport, NotificationChannel, NotificationKind, TicketNotification } from '@switchboard/shared';
import { formatDisplayDateTime } from '../lib/dates.ts';
import { useMessages, type Translate } from '../lib/i18n.ts';
import { useTicketNotifications } from '../entities/issuer-notifications.ts';
import { componentsMessages } from './messages.ts';

type Key = keyof typeof componentsMessages.english;

const CHANNELS = { sms: 'channelSms', email: 'channelEmail' } as const satisfies Record<NotificationChannel, Key>;
const KINDS = {
  receipt: 'kindReceipt',
  reply: 'kindReply',
  resolved: 'kindResolved',
  broadcast: 'kindBroadcast',
  answer: 'kindAnswer',
  survey: 'kindSurvey',
  merged: 'kindMerged',
} as const satisfies Record<NotificationKind, Key>;
const DELIVERIES = {
  delivered: 'deliveryDelivered',
  failed: 'deliveryFailed',
  expired: 'deliveryExpired',
} as const satisfies Record<DeliveryReport, Key>;

function noticeText(t: Translate<Key>, row: TicketNotification, timeZone: string | undefined): string {
  const channel = t(CHANNELS[row.channel]);
  if (row.status === 'sent') {
    const sent = t('noticeSent', { channel, at: formatDisplayDateTime(row.sent_at, timeZone) });
    if (!row.delivery) return sent;
    return `${sent} · ${t(DELIVERIES[row.delivery], { at: formatDisplayDateTime(row.delivery_at, timeZone) })}`;
  }
  // At the start of the sentence: "E-mail could not be sent".
  const first = channel.charAt(0).toUpperCase() + channel.slice(1);
  if (row.status === 'failed') return t('noticeFailed', { channel: first, attempts: row.attempts });
  return row.attempts === 0
    ? t('noticeWaiting', { channel: first })
    : t('noticeRetrying', { channel: first, attempts: row.attempts });
}

/** Red when the message did not reach the issuer: it kept failing, or the gateway reported it undelivered. */
function noticeColor(row: TicketNotification): string | undefined {
  if (row.status === 'failed' || row.delivery === 'failed' || row.delivery === 'expired') return 'red';
  return row.status === 'pending' ? 'dimmed' : undefined;
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
  const t = useMessages(componentsMessages);
  const notices = useTicketNotifications(ticketId, true);
  const rows = notices.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('issuerMessages')}>
      <Title order={2} size="h5" mb="xs">
        {t('issuerMessages')}
      </Title>
      <Stack gap={4}>
        {rows.map((row) => (
          <Text key={row.id} size="sm" c={noticeColor(row)}>
            <Text span fw={500} size="sm">
              {t(KINDS[row.kind])}:
            </Text>{' '}
            {noticeText(t, row, timeZone)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
