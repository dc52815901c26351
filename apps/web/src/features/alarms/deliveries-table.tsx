import { Table, Text } from '@mantine/core';
import type { AlarmDelivery } from '@switchboard/shared';
import { ListTable } from '../../components/list-table.tsx';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { alarmsMessages } from './messages.ts';

/** The log of the last deliveries: when, from which source and client, and what they carried. */
export function DeliveriesTable({ deliveries }: { deliveries: AlarmDelivery[] }) {
  const t = useMessages(alarmsMessages);
  const timeZone = useProviderTimeZone();
  return (
    <ListTable
      minWidth={340}
      head={
        <>
          <Table.Th>{t('columnReceived')}</Table.Th>
          <Table.Th>{t('columnSource')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('columnClient')}</Table.Th>
          <Table.Th>{t('columnAlarms')}</Table.Th>
        </>
      }
    >
      {deliveries.map((delivery) => {
        const client = delivery.client_name ?? t('unknownClient');
        return (
          <Table.Tr key={delivery.id}>
            <Table.Td>{formatDisplayDateTime(delivery.received_at, timeZone)}</Table.Td>
            <Table.Td>
              <Text size="sm">{delivery.source}</Text>
              <Text size="xs" c="dimmed" hiddenFrom="sm">
                {client}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">{client}</Table.Td>
            <Table.Td>
              {t('deliveryCounts', {
                alarms: delivery.alarms,
                firing: delivery.firing,
                resolved: delivery.resolved,
              })}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
