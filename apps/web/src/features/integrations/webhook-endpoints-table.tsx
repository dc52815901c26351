import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { WebhookEndpoint } from '@switchboard/shared';
import { ListTable } from '../../components/list-table.tsx';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { endpointStatus, type EndpointStatus } from './integration-status.ts';
import { WHOLE_BADGE_STYLES } from './badge-styles.ts';
import { integrationsMessages } from './messages.ts';

const STATUS_COLORS: Record<EndpointStatus['kind'], string> = {
  active: 'green',
  paused: 'gray',
  failing: 'orange',
  disabled: 'red',
};

export interface WebhookEndpointsTableProps {
  endpoints: WebhookEndpoint[];
  /** The endpoint being paused or resumed, whose button spins. */
  changing: string | null;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onSetActive: (endpoint: WebhookEndpoint, active: boolean) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
  onDeliveries: (endpoint: WebhookEndpoint) => void;
}

/**
 * The endpoints with their state. On a phone the department and the events step under the URL and
 * the buttons wrap, so that the state and every action stay on screen.
 */
export function WebhookEndpointsTable({ endpoints, ...actions }: WebhookEndpointsTableProps) {
  const t = useMessages(integrationsMessages);
  return (
    <ListTable
      minWidth={360}
      head={
        <>
          <Table.Th>{t('columnUrl')}</Table.Th>
          <Table.Th visibleFrom="md">{t('columnDepartment')}</Table.Th>
          <Table.Th visibleFrom="md">{t('columnEvents')}</Table.Th>
          <Table.Th>{t('columnStatus')}</Table.Th>
          <Table.Th>{t('columnActions')}</Table.Th>
        </>
      }
    >
      {endpoints.map((endpoint) => (
        <EndpointRow key={endpoint.id} endpoint={endpoint} {...actions} />
      ))}
    </ListTable>
  );
}

function EndpointRow({
  endpoint,
  changing,
  onEdit,
  onSetActive,
  onDelete,
  onDeliveries,
}: Omit<WebhookEndpointsTableProps, 'endpoints'> & { endpoint: WebhookEndpoint }) {
  const t = useMessages(integrationsMessages);
  const labels = useLabels();
  const status = endpointStatus(endpoint);
  const url = endpoint.url;
  const running = endpoint.active && status.kind !== 'disabled';
  return (
    <Table.Tr>
      <Table.Td maw={320}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Text>
        {endpoint.description && (
          <Text size="xs" c="dimmed">
            {endpoint.description}
          </Text>
        )}
        <Text size="xs" c="dimmed" hiddenFrom="md">
          {labels.department(endpoint.department)} · {endpoint.events.join(', ')}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="md">{labels.department(endpoint.department)}</Table.Td>
      <Table.Td visibleFrom="md">
        <Group gap={4}>
          {endpoint.events.map((event) => (
            <Badge key={event} variant="default" tt="none" fw={500}>
              {event}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={status} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onDeliveries(endpoint)} aria-label={t('deliveriesOf', { url })}>
            {t('deliveries')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onEdit(endpoint)} aria-label={t('editEndpoint', { url })}>
            {t('edit')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={changing === endpoint.id}
            onClick={() => onSetActive(endpoint, !running)}
            aria-label={running ? t('pauseEndpoint', { url }) : t('resumeEndpoint', { url })}
          >
            {running ? t('pause') : t('resume')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => onDelete(endpoint)}
            aria-label={t('deleteEndpoint', { url })}
          >
            {t('delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The state in a word, and for a failing or turned-off endpoint since when. */
function StatusBadge({ status }: { status: EndpointStatus }) {
  const t = useMessages(integrationsMessages);
  const timeZone = useProviderTimeZone();
  const word = {
    active: t('endpointActive'),
    paused: t('endpointPaused'),
    failing: t('endpointFailing'),
    disabled: t('endpointDisabled'),
  }[status.kind];
  const since =
    status.kind === 'failing'
      ? t('endpointFailingSince', { at: formatDisplayDateTime(status.since, timeZone) })
      : status.kind === 'disabled'
        ? t('endpointDisabledAt', { at: formatDisplayDateTime(status.at, timeZone) })
        : null;
  return (
    <>
      <Badge color={STATUS_COLORS[status.kind]} variant="light" tt="none" styles={WHOLE_BADGE_STYLES}>
        {word}
      </Badge>
      {since && (
        <Text size="xs" c="dimmed" mt={4}>
          {since}
        </Text>
      )}
    </>
  );
}
