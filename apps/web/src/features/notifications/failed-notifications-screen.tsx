import { Anchor, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { canSeeNotificationFailures, type FailedNotification } from '@switchboard/shared';
import { useState } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import { PaginationFooter } from '../../components/pagination-footer.tsx';
import { PermissionGate } from '../../components/permission-gate.tsx';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useFailedNotifications } from '../../lib/notifications.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { notificationsMessages } from './messages.ts';

type Key = keyof typeof notificationsMessages.english;

const KIND: Record<FailedNotification['kind'], Key> = { receipt: 'kindReceipt', reply: 'kindReply', resolved: 'kindResolved' };
const CHANNEL: Record<FailedNotification['channel'], Key> = { sms: 'channelSms', email: 'channelEmail' };

/** /notifications: the messages to issuers that kept failing (admins). */
export function FailedNotificationsScreen() {
  return (
    <PermissionGate allows={canSeeNotificationFailures}>
      <FailedList />
    </PermissionGate>
  );
}

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
      <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
        {t('lastError')}: {row.last_error ?? t('none')}
      </Text>
    </Paper>
  );
}

function FailedList() {
  const t = useMessages(notificationsMessages);
  const timeZone = useProviderTimeZone();
  const [page, setPage] = useState(1);
  const failed = useFailedNotifications(page);
  const rows = failed.data?.data ?? [];
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </div>
      {failed.isPending ? (
        <Center py="md" role="status">
          <Group gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">{t('loading')}</Text>
          </Group>
        </Center>
      ) : failed.isError ? (
        <LoadError
          error={failed.error}
          fallback={t('failedToFetch')}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <FailedCard key={row.id} row={row} timeZone={timeZone} />
          ))}
        </Stack>
      )}
      {failed.data && failed.data.total > 0 && <PaginationFooter page={page} total={failed.data.total} onPageChange={setPage} />}
    </Stack>
  );
}
