import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Alarm } from '@switchboard/shared';
import { ListTable } from '../../components/list-table.tsx';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { AlarmLabelChips } from './alarm-labels.tsx';
import { alarmsMessages } from './messages.ts';

/** A badge that keeps its word whole when the table squeezes its column. */
const WHOLE = { root: { minWidth: 'max-content' } } as const;

/**
 * The alarms of one page. On a phone the severity, source and times step under the summary, so that
 * the status and the incident stay on screen without scrolling sideways.
 */
export function AlarmTable({ alarms }: { alarms: Alarm[] }) {
  const t = useMessages(alarmsMessages);
  return (
    <ListTable
      minWidth={340}
      head={
        <>
          <Table.Th>{t('columnAlarm')}</Table.Th>
          <Table.Th>{t('columnStatus')}</Table.Th>
          <Table.Th visibleFrom="md">{t('columnSeverity')}</Table.Th>
          <Table.Th visibleFrom="md">{t('columnSource')}</Table.Th>
          <Table.Th visibleFrom="md">{t('columnSeen')}</Table.Th>
          <Table.Th>{t('columnIncident')}</Table.Th>
        </>
      }
    >
      {alarms.map((alarm) => (
        <AlarmRow key={alarm.id} alarm={alarm} />
      ))}
    </ListTable>
  );
}

function AlarmRow({ alarm }: { alarm: Alarm }) {
  const t = useMessages(alarmsMessages);
  const timeZone = useProviderTimeZone();
  const seen = (
    <>
      <Text size="xs">{t('lastSeen', { at: formatDisplayDateTime(alarm.last_seen, timeZone) })}</Text>
      <Text size="xs" c="dimmed">
        {t('firstSeen', { at: formatDisplayDateTime(alarm.first_seen, timeZone) })}
      </Text>
      {alarm.resolved_at && (
        <Text size="xs" c="dimmed">
          {t('resolvedAt', { at: formatDisplayDateTime(alarm.resolved_at, timeZone) })}
        </Text>
      )}
    </>
  );
  return (
    <Table.Tr>
      <Table.Td maw={420}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {alarm.summary}
        </Text>
        <AlarmLabelChips labels={alarm.labels} />
        <Stack gap={0} mt={4} hiddenFrom="md">
          <Text size="xs" c="dimmed">
            {[alarm.severity, alarm.source].filter(Boolean).join(' · ')}
          </Text>
          {seen}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Badge color={alarm.status === 'firing' ? 'red' : 'green'} variant="light" tt="none" styles={WHOLE}>
          {alarm.status === 'firing' ? t('statusFiring') : t('statusResolved')}
        </Badge>
      </Table.Td>
      <Table.Td visibleFrom="md">{alarm.severity ?? t('noSeverity')}</Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="sm">{alarm.source}</Text>
        {alarm.rule_name && (
          <Text size="xs" c="dimmed">
            {alarm.rule_name}
          </Text>
        )}
      </Table.Td>
      <Table.Td visibleFrom="md">{seen}</Table.Td>
      <Table.Td>
        <AlarmIncident alarm={alarm} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The incident the alarm opened or joined, as a link; "Unrouted" when no rule matched it. */
function AlarmIncident({ alarm }: { alarm: Alarm }) {
  const t = useMessages(alarmsMessages);
  if (alarm.incident_id !== null)
    return (
      <Anchor
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
        renderRoot={(props) => <Link to="/incidents/$id" params={{ id: String(alarm.incident_id) }} {...props} />}
      >
        {t('incidentLink', { id: String(alarm.incident_id), title: alarm.incident_title ?? '' })}
      </Anchor>
    );
  if (alarm.rule_id === null)
    return (
      <Badge color="orange" variant="light" tt="none" styles={WHOLE}>
        {t('unrouted')}
      </Badge>
    );
  return (
    <Text size="sm" c="dimmed">
      {t('noIncident')}
    </Text>
  );
}
