import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import {
  canLinkToIncident,
  INCIDENT_TICKETS_SHOWN,
  ticketsBarringIncidentResolve,
  type TicketListItem,
} from '@switchboard/shared';
import { lazy, Suspense, useState } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useIncident, useLinkTickets, useUnlinkTicket } from '../../entities/incidents.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { currentSession, type SessionClaims } from '../../lib/session.ts';
import { IncidentAlarmFacts, NetworkRecoveredAlert } from './components/incident-alarm-facts.tsx';
import { BroadcastsPanel } from './broadcasts/broadcasts-panel.tsx';
import { IncidentAreas } from './broadcasts/incident-areas.tsx';
import { IncidentStatusBadge } from './components/incident-status-badge.tsx';
import { IncidentTickets } from './components/incident-tickets.tsx';
import { ResolveIncidentDialog } from './components/resolve-incident-dialog.tsx';
import { GroupPath } from './group-path.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { incidentMessages } from './messages.ts';

type Viewer = Pick<SessionClaims, 'user_type'>;

// Loaded when first opened.
const EditIncidentDialog = lazy(() =>
  import('./components/edit-incident-dialog.tsx').then((module) => ({ default: module.EditIncidentDialog })),
);
const EditAreasDialog = lazy(() =>
  import('./broadcasts/edit-areas-dialog.tsx').then((module) => ({ default: module.EditAreasDialog })),
);

const EVENT_KEYS = {
  first_report: 'eventFirstReport',
  created: 'eventCreated',
  latest_report: 'eventLatestReport',
  resolved: 'eventResolved',
} as const;

/**
 * Whether the viewer may link or unlink the ticket (DESIGN.md §14): its holder's staff or cc. The
 * server decides; the screen only leaves out what it would refuse.
 */
function mayLinkFor(viewer: Viewer | null) {
  return (ticket: TicketListItem) =>
    viewer !== null && ticket.issued_to !== undefined && canLinkToIncident(viewer, { issued_to: ticket.issued_to });
}

/** The shown unsolved tickets that keep the viewer from resolving the incident (the server checks them all). */
function barringResolve(viewer: Viewer | null, tickets: TicketListItem[]): number[] {
  if (!viewer) return [];
  const held = tickets.flatMap((ticket) =>
    ticket.issued_to === undefined
      ? []
      : [{ id: ticket.ticket_id, issued_to: ticket.issued_to, ticket_status: ticket.ticket_status }],
  );
  return ticketsBarringIncidentResolve(viewer, held).map((ticket) => ticket.id);
}

/** /incidents/{id}: one incident, its tickets and timeline; link, unlink and resolve while it is active. */
export function IncidentScreen() {
  const { id } = useParams({ from: '/signed-in/incidents/$id' });
  const incidentId = /^\d{1,15}$/.test(id) ? Number(id) : null;
  const t = useMessages(incidentMessages);
  const labels = useLabels();
  const timeZone = useProviderTimeZone();
  const incident = useIncident(incidentId);
  // The incident itself, its alarms, or one of its tickets (a reply, a resolve) changed elsewhere.
  useLiveEvents((event) => {
    if (incidentId === null) return;
    // An alarm that fires or resolves changes the incident's alarm count and its recovery.
    const ours =
      event.event === 'incident.changed' || event.event === 'alarm.changed'
        ? event.data.incident_id === incidentId
        : event.event === 'ticket.changed' &&
          (event.data.incident_id === incidentId ||
            incident.data?.tickets.some((row) => row.ticket_id === event.data.ticket_id) === true);
    if (ours) void incident.refetch();
  });
  const viewer = currentSession();
  const link = useLinkTickets();
  const unlink = useUnlinkTicket();
  // 'recovered': opened from the network's recovery, with the rule's restoration message filled in.
  const [resolving, setResolving] = useState<false | 'plain' | 'recovered'>(false);
  const [editing, setEditing] = useState<false | 'text' | 'areas'>(false);
  const closeEditor = (message: string) => {
    setEditing(false);
    notifications.show({ color: 'green', message });
  };
  // Right after a resolve of an incident with areas: the restored message to the same people.
  const [offerRestored, setOfferRestored] = useState(false);
  const failed = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) });

  const back = (
    <Anchor size="sm" renderRoot={(props) => <Link to="/incidents" search={{ tab: 'active', page: 1 }} {...props} />}>
      <Group gap={4}>
        <IconArrowLeft size={16} />
        {t('back')}
      </Group>
    </Anchor>
  );
  if (incidentId === null || (incident.error instanceof ApiError && incident.error.status === 404))
    return (
      <Stack gap="md">
        {back}
        <Alert color="gray">{t('notFound')}</Alert>
      </Stack>
    );
  if (incident.isError)
    return <LoadError error={incident.error} retrying={incident.isFetching} onRetry={() => void incident.refetch()} />;
  if (!incident.data)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );

  const data = incident.data;
  const active = data.status === 'active';
  const mayLink = mayLinkFor(viewer);
  const linkable = data.suggested_tickets.filter(mayLink);
  const barring = active ? barringResolve(viewer, data.tickets) : [];
  const linkTickets = (ticketIds: number[]) =>
    link.mutate(
      { id: data.id, ticketIds },
      {
        onSuccess: (reply) => notifications.show({ color: 'green', message: t('linked', { count: reply.affected }) }),
        onError: failed,
      },
    );

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {data.title}
            </Title>
            <IncidentStatusBadge status={data.status} />
          </Group>
          <Text size="sm" c="dimmed">
            #{data.id} ·{' '}
            <GroupPath
              group={data.group_name}
              subgroup={
                data.sub_group_name &&
                labels.subgroup({ sub_group_en: data.sub_group_name, sub_group_bn: data.sub_group_name_bn })
              }
            />{' '}
            ·{' '}
            {data.created_by_name ? (
              <>
                {t('groupedBy')} <bdi>{data.created_by_name}</bdi>, {formatDisplayDateTime(data.created_at, timeZone)}
              </>
            ) : (
              t('grouped', { when: formatDisplayDateTime(data.created_at, timeZone) })
            )}
          </Text>
          <Text fw={500}>{t('ticketCounts', { total: data.ticket_count, unsolved: data.open_ticket_count })}</Text>
          <IncidentAlarmFacts incident={data} />
        </Stack>
        {active && (
          <Stack gap={4} align="flex-end" maw={360}>
            <Group gap="xs">
              <Button variant="default" onClick={() => setEditing('text')}>
                {t('edit')}
              </Button>
              <Button color="teal" disabled={barring.length > 0} onClick={() => setResolving('plain')}>
                {t('resolve')}
              </Button>
            </Group>
            {barring.length > 0 && (
              <Text size="xs" c="dimmed" ta="end">
                {t('resolveHeldElsewhere', { count: barring.length, tickets: barring.join(', ') })}
              </Text>
            )}
          </Stack>
        )}
      </Group>

      {active && data.network_recovered_at !== null && (
        <NetworkRecoveredAlert disabled={barring.length > 0} onResolve={() => setResolving('recovered')} />
      )}

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {active ? t('publicNote') : t('resolution')}
          </Title>
          <Text
            size="sm"
            c={(active ? data.public_note : data.resolution_message) ? undefined : 'dimmed'}
            style={{ whiteSpace: 'pre-line' }}
          >
            {active ? (data.public_note ?? t('noPublicNote')) : data.resolution_message}
          </Text>
        </Stack>
      </Paper>

      <IncidentAreas incident={data} onEdit={() => setEditing('areas')} />
      <BroadcastsPanel incident={data} offerRestored={offerRestored} onOfferDone={() => setOfferRestored(false)} />

      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('timeline')}
        </Title>
        <Timeline bulletSize={12} lineWidth={2} active={data.timeline.length - 1}>
          {data.timeline.map((entry) => (
            <Timeline.Item key={entry.event} title={t(EVENT_KEYS[entry.event])}>
              <Text size="xs" c="dimmed">
                {formatDisplayDateTime(entry.at, timeZone)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('tickets')}
        </Title>
        <IncidentTickets
          tickets={data.tickets}
          timeZone={timeZone}
          emptyText={t('noTickets')}
          action={
            active
              ? {
                  label: t('unlink'),
                  allowed: mayLink,
                  busyId: unlink.isPending ? (unlink.variables.ticketId ?? null) : null,
                  onClick: (ticketId) =>
                    unlink.mutate(
                      { id: data.id, ticketId },
                      {
                        onSuccess: () => notifications.show({ color: 'green', message: t('unlinked', { id: String(ticketId) }) }),
                        onError: failed,
                      },
                    ),
                }
              : undefined
          }
        />
        {data.ticket_count > INCIDENT_TICKETS_SHOWN && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('moreTickets', { shown: INCIDENT_TICKETS_SHOWN, total: data.ticket_count })}
          </Text>
        )}
      </Paper>

      {active && (
        <Paper withBorder p="md">
          <Group justify="space-between" mb="xs">
            <div>
              <Title order={2} size="h4">
                {t('suggested')}
              </Title>
              <Text size="xs" c="dimmed">
                {t('suggestedHint')}
              </Text>
            </div>
            {linkable.length > 1 && (
              <Button
                size="xs"
                variant="light"
                loading={link.isPending && link.variables.ticketIds.length > 1}
                onClick={() => linkTickets(linkable.map((ticket) => ticket.ticket_id))}
              >
                {t('linkAll')}
              </Button>
            )}
          </Group>
          <IncidentTickets
            tickets={data.suggested_tickets}
            timeZone={timeZone}
            emptyText={t('noSuggested')}
            action={{
              label: t('link'),
              allowed: mayLink,
              busyId: link.isPending && link.variables.ticketIds.length === 1 ? (link.variables.ticketIds[0] ?? null) : null,
              onClick: (ticketId) => linkTickets([ticketId]),
            }}
          />
        </Paper>
      )}

      {editing === 'areas' && (
        <Suspense fallback={null}>
          <EditAreasDialog incident={data} onClose={() => setEditing(false)} onSaved={closeEditor} />
        </Suspense>
      )}

      {editing === 'text' && (
        <Suspense fallback={null}>
          <EditIncidentDialog opened incident={data} onClose={() => setEditing(false)} onSaved={closeEditor} />
        </Suspense>
      )}

      {resolving && (
        <ResolveIncidentDialog
          opened
          incidentId={data.id}
          unsolved={data.open_ticket_count}
          initialMessage={resolving === 'recovered' ? (data.suggested_resolution ?? '') : ''}
          onClose={() => setResolving(false)}
          onResolved={(solved) => {
            setResolving(false);
            if (data.area_codes.length > 0) setOfferRestored(true);
            notifications.show({ color: 'green', message: t('resolved', { count: solved }) });
          }}
        />
      )}
    </Stack>
  );
}
