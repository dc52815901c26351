import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FailedNotification } from '@switchboard/shared';
import { useCallback } from 'react';
import { PagedListScreen } from '../../components/paged-list-screen.tsx';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useFailedNotifications } from './api/failed-notifications.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { notificationsMessages } from './messages.ts';

type Key = keyof typeof notificationsMessages.english;

const KIND: Record<FailedNotification['kind'], Key> = {
  receipt: 'kindReceipt',
  reply: 'kindReply',
  resolved: 'kindResolved',
  broadcast: 'kindBroadcast',
  answer: 'kindAnswer',
  survey: 'kindSurvey',
  merged: 'kindMerged',
};
const CHANNEL: Record<FailedNotification['channel'], Key> = { sms: 'channelSms', email: 'channelEmail' };

function FailedCard({ row, timeZone }: { row: FailedNotification; timeZone: string | undefined }) {
  const t = useMessages(notificationsMessages);
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t(KIND[row.kind])} · {t(CHANNEL[row.channel])} · {row.recipient}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDisplayDateTime(row.created_at, timeZone)}
        </Text>
      </Group>
      <Text size="sm">
        {t('ticket')}:{' '}
        {row.ticket_id === null ? (
          t('none')
        ) : (
          <Anchor size="sm" renderRoot={(props) => <Link to="/view-ticket" search={{ id: row.ticket_id ?? 0 }} {...props} />}>
            #{row.ticket_id}
          </Anchor>
        )}{' '}
        · {t('attempts')}: {row.attempts}
      </Text>
      {row.delivery === 'failed' || row.delivery === 'expired' ? (
        <Text size="sm" c="red">
          {t(row.delivery === 'failed' ? 'deliveryFailed' : 'deliveryExpired')}
        </Text>
      ) : null}
      {(row.last_error !== null || row.delivery === null) && (
        <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
          {t('lastError')}: {row.last_error ?? t('none')}
        </Text>
      )}
    </Paper>
  );
}

/** /notifications: the messages to issuers that kept failing (admins). */
export function FailedNotificationsScreen() {
  const t = useMessages(notificationsMessages);
  const timeZone = useProviderTimeZone();
  const { page = 1 } = useSearch({ from: '/signed-in/notifications' });
  const navigate = useNavigate();
  const failed = useFailedNotifications(page);
  const rows = failed.data?.data ?? [];
  const goToPage = useCallback(
    (target: number, replace?: boolean) => void navigate({ to: '/notifications', search: { page: target }, replace }),
    [navigate],
  );
  return (
    <PagedListScreen
      title={t('title')}
      intro={t('intro')}
      read={failed}
      failedText={t('failedToFetch')}
      loadingText={t('loading')}
      emptyText={t('empty')}
      empty={rows.length === 0}
      page={page}
      total={failed.data?.total ?? 0}
      onPageChange={goToPage}
      maw={900}
    >
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => (
          <FailedCard key={row.id} row={row} timeZone={timeZone} />
        ))}
      </Stack>
    </PagedListScreen>
  );
}
