import { Badge, Table, Text } from '@mantine/core';
import { displayNumber, type Subscriber } from '@switchboard/shared';
import { ListTable } from '../../components/list-table.tsx';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { currentLanguage, useMessages } from '../../lib/i18n.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { subscribersMessages } from './messages.ts';

/**
 * One page of subscribers. On a phone the area, plan and language step under the name, so that the
 * number, the name and the status stay on screen without scrolling sideways.
 */
export function SubscriberTable({ subscribers }: { subscribers: Subscriber[] }) {
  const t = useMessages(subscribersMessages);
  return (
    <ListTable
      minWidth={340}
      head={
        <>
          <Table.Th>{t('columnName')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('columnNumber')}</Table.Th>
          <Table.Th visibleFrom="md">{t('columnArea')}</Table.Th>
          <Table.Th visibleFrom="md">{t('columnPlan')}</Table.Th>
          <Table.Th>{t('columnStatus')}</Table.Th>
          <Table.Th visibleFrom="md">{t('columnUpdated')}</Table.Th>
        </>
      }
    >
      {subscribers.map((subscriber) => (
        <SubscriberRow key={subscriber.number} subscriber={subscriber} />
      ))}
    </ListTable>
  );
}

function SubscriberRow({ subscriber }: { subscriber: Subscriber }) {
  const t = useMessages(subscribersMessages);
  const timeZone = useProviderTimeZone();
  const areaName = (currentLanguage() === 'bn' ? subscriber.area_name_bn : subscriber.area_name_en) ?? subscriber.area_code;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {subscriber.name}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {displayNumber(subscriber.number)}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="md">
          {areaName} · {subscriber.plan} · {t(`language.${subscriber.language}`)}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {displayNumber(subscriber.number)}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="sm">{areaName}</Text>
        <Text size="xs" c="dimmed">
          {subscriber.area_code}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="sm">{subscriber.plan}</Text>
        <Text size="xs" c="dimmed">
          {t(`language.${subscriber.language}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge
          color={subscriber.status === 'active' ? 'green' : 'gray'}
          variant="light"
          styles={{ root: { minWidth: 'max-content' } }}
        >
          {t(`status.${subscriber.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="xs">{formatDisplayDateTime(subscriber.updated_at, timeZone)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
