import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@switchboard/shared';
import { useState } from 'react';
import { ListTable } from '../../components/list-table.tsx';
import { PaginationFooter } from '../../components/pagination-footer.tsx';
import { ReadState } from '../../components/read-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { useRedeliver, useSendTestEvent, useWebhookDeliveries } from './api/webhooks.ts';
import { WHOLE_BADGE_STYLES } from './badge-styles.ts';
import { integrationsMessages } from './messages.ts';

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = { pending: 'blue', delivered: 'green', failed: 'red' };
const STATUS_WORDS = { pending: 'deliveryPending', delivered: 'deliveryDelivered', failed: 'deliveryFailed' } as const;
const NONE = '—';

/**
 * An endpoint's deliveries, newest first, 20 a page: how each went, and "Send test event" and
 * "Redeliver". Full screen on a phone, where the details step under the event so that the status and
 * Redeliver stay on screen.
 */
export function WebhookDeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const t = useMessages(integrationsMessages);
  const phone = useMediaQuery('(max-width: 36em)');
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, page);
  const sendTest = useSendTestEvent(endpoint.id);
  const redeliver = useRedeliver(endpoint.id);
  const failure = sendTest.isError ? sendTest.error : redeliver.isError ? redeliver.error : null;

  const test = () => {
    redeliver.reset();
    sendTest.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('testSent') });
        setPage(1);
      },
    });
  };
  const again = (delivery: WebhookDelivery) => {
    sendTest.reset();
    redeliver.mutate(delivery.id, { onSuccess: () => notifications.show({ color: 'green', message: t('redelivered') }) });
  };

  return (
    <Modal opened onClose={onClose} title={t('deliveriesOf', { url: endpoint.url })} size="80rem" fullScreen={phone ?? false}>
      <Stack gap="md">
        <Group justify="flex-end">
          <Button leftSection={<IconSend size={16} aria-hidden />} onClick={test} loading={sendTest.isPending}>
            {t('sendTest')}
          </Button>
        </Group>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(failure)}
          </Alert>
        )}
        <ReadState read={deliveries} loadingText={t('deliveriesLoading')} failedText={t('deliveriesFailed')}>
          {(reply) =>
            reply.data.length === 0 ? (
              <Text c="dimmed" ta="center" py="lg" role="status">
                {t('deliveriesEmpty')}
              </Text>
            ) : (
              <ListTable minWidth={340} head={<DeliveriesHead />}>
                {reply.data.map((delivery) => (
                  <DeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    redelivering={redeliver.isPending && redeliver.variables === delivery.id}
                    onRedeliver={() => again(delivery)}
                  />
                ))}
              </ListTable>
            )
          }
        </ReadState>
        <PaginationFooter
          page={page}
          total={deliveries.data?.total ?? 0}
          pageSize={WEBHOOK_DELIVERIES_PAGE_SIZE}
          onPageChange={setPage}
        />
      </Stack>
    </Modal>
  );
}

function DeliveriesHead() {
  const t = useMessages(integrationsMessages);
  return (
    <>
      <Table.Th>{t('columnStatus')}</Table.Th>
      <Table.Th>{t('columnEvent')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnStatusCode')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnLatency')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnError')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnAttempts')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnTime')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnNextAttempt')}</Table.Th>
      <Table.Th>{t('columnActions')}</Table.Th>
    </>
  );
}

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  redelivering: boolean;
  onRedeliver: () => void;
}

function DeliveryRow({ delivery, redelivering, onRedeliver }: DeliveryRowProps) {
  const t = useMessages(integrationsMessages);
  const timeZone = useProviderTimeZone();
  const at = formatDisplayDateTime(delivery.created_at, timeZone);
  const latency = delivery.latency_ms === null ? NONE : t('latency', { ms: delivery.latency_ms });
  return (
    <Table.Tr>
      <Table.Td>
        <Badge color={STATUS_COLORS[delivery.status]} variant="light" tt="none" styles={WHOLE_BADGE_STYLES}>
          {t(STATUS_WORDS[delivery.status])}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {delivery.event}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="md">
          {at} · {delivery.status_code ?? NONE} · {latency}
        </Text>
        {delivery.error && (
          <Text size="xs" c="dimmed" hiddenFrom="md" lineClamp={2}>
            {delivery.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="md">{delivery.status_code ?? NONE}</Table.Td>
      <Table.Td visibleFrom="md">{latency}</Table.Td>
      <Table.Td maw={260} visibleFrom="md">
        <Text size="sm" lineClamp={2} title={delivery.error ?? undefined}>
          {delivery.error ?? NONE}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="md">{delivery.attempts}</Table.Td>
      <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
        {at}
      </Table.Td>
      <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
        {delivery.next_attempt_at ? formatDisplayDateTime(delivery.next_attempt_at, timeZone) : NONE}
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          onClick={onRedeliver}
          loading={redelivering}
          aria-label={t('redeliverDelivery', { event: delivery.event, at })}
        >
          {t('redeliver')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
