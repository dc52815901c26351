import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useIncident, useIncidentList, useLinkTickets, useUnlinkTicket } from '../../../entities/incidents.ts';
import { ticketViewMessages } from '../messages.ts';

// Loaded when first opened: its group choices would take the panel past its budget.
const NewIncidentDialog = lazy(() =>
  import('../../../components/new-incident-dialog.tsx').then((module) => ({ default: module.NewIncidentDialog })),
);

export interface TicketIncidentPanelProps {
  ticketId: number;
  /** What a new incident starts from: the ticket's title, group and subgroup. */
  ticket?: { title: string; group_id: string | null; sub_group_id: string | null };
  /** The ticket's incident (staff see it; null when none). */
  incidentId: number | null;
  /** Whether the viewer may link or unlink this ticket (its holder's department, or cc). */
  mayChange: boolean;
}

/**
 * Staff's view of a ticket's incident on the ticket view: a link to it, and link or unlink for those who
 * may act on the ticket. Loaded lazily.
 */
export default function TicketIncidentPanel({ ticketId, ticket, incidentId, mayChange }: TicketIncidentPanelProps) {
  const t = useMessages(ticketViewMessages);
  const incident = useIncident(incidentId);
  const active = useIncidentList('active', 1);
  const link = useLinkTickets();
  const unlink = useUnlinkTicket();
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const failed = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) });
  const options = (active.data?.data ?? []).map((candidate) => ({
    value: String(candidate.id),
    label: `#${candidate.id} ${candidate.title}`,
  }));

  return (
    <Paper withBorder p="md" component="section" aria-label={t('incidentHeading')}>
      <Title order={2} size="h5" mb="sm">
        {t('incidentHeading')}
      </Title>
      {incidentId !== null ? (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={2}>
            <Anchor renderRoot={(props) => <Link to="/incidents/$id" params={{ id: String(incidentId) }} {...props} />}>
              #{incidentId} {incident.data?.title ?? ''}
            </Anchor>
            {incident.data && (
              <Badge size="sm" variant="light" tt="none" color={incident.data.status === 'active' ? 'orange' : 'teal'}>
                {incident.data.status === 'active' ? t('incidentActive') : t('incidentResolved')}
              </Badge>
            )}
          </Stack>
          {mayChange && incident.data?.status === 'active' && (
            <Button
              size="compact-sm"
              variant="light"
              color="gray"
              loading={unlink.isPending}
              onClick={() =>
                unlink.mutate(
                  { id: incidentId, ticketId },
                  { onSuccess: () => notifications.show({ color: 'green', message: t('incidentUnlinked') }), onError: failed },
                )
              }
            >
              {t('incidentUnlink')}
            </Button>
          )}
        </Group>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('incidentNone')}
          </Text>
          {mayChange && (
            // The Link button goes under the choice when the side column is too narrow for both.
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                label={t('incidentChoose')}
                placeholder={options.length > 0 ? t('incidentChoosePlaceholder') : t('incidentNoActive')}
                data={options}
                value={chosen}
                onChange={setChosen}
                disabled={options.length === 0}
                size="sm"
                style={{ flex: '1 1 220px' }}
              />
              <Button
                size="sm"
                disabled={chosen === null}
                loading={link.isPending}
                onClick={() =>
                  link.mutate(
                    { id: Number(chosen), ticketIds: [ticketId] },
                    { onSuccess: () => notifications.show({ color: 'green', message: t('incidentLinked') }), onError: failed },
                  )
                }
              >
                {t('incidentLink')}
              </Button>
            </Group>
          )}
          {mayChange && (
            <Button size="compact-sm" variant="light" onClick={() => setCreating(true)} style={{ alignSelf: 'flex-start' }}>
              {t('incidentNew')}
            </Button>
          )}
        </Stack>
      )}
      {creating && (
        <Suspense fallback={null}>
          <NewIncidentDialog
            opened
            ticket={{
              ticket_id: ticketId,
              title: ticket?.title ?? '',
              group_id: ticket?.group_id ?? null,
              sub_group_id: ticket?.sub_group_id ?? null,
            }}
            onClose={() => setCreating(false)}
            onCreated={(id) => void navigate({ to: '/incidents/$id', params: { id: String(id) } })}
          />
        </Suspense>
      )}
    </Paper>
  );
}
