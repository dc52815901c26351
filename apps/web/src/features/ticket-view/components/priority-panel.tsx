import { Group, Paper, Select, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  canSetPriority,
  TICKET_PRIORITIES,
  type SetPriorityBody,
  type SetPriorityReply,
  type Ticket,
  type TicketPriority,
} from '@switchboard/shared';
import { PriorityBadge } from '../../../components/priority-badge.tsx';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { currentLabels, useLabels } from '../../../lib/labels.ts';
import type { SessionClaims } from '../../../lib/session.ts';
import { ticketViewMessages } from '../messages.ts';

/** POST /tickets/{id}/priority; afterwards the ticket and the lists are reloaded. */
function useSetPriority(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPriorityBody) =>
      apiRequest<SetPriorityReply>(`/tickets/${ticketId}/priority`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

export interface PriorityPanelProps {
  ticket: Pick<Ticket, 'ticket_id' | 'issued_to' | 'ticket_status' | 'priority'>;
  viewer: Pick<SessionClaims, 'user_type'>;
}

/**
 * Staff's priority of the ticket (DESIGN.md §30): a select for those who may act on it (its
 * holder's staff, cc; while unsolved), the badge alone for other staff. Loaded lazily.
 */
export default function PriorityPanel({ ticket, viewer }: PriorityPanelProps) {
  const t = useMessages(ticketViewMessages);
  const labels = useLabels();
  const setPriority = useSetPriority(ticket.ticket_id);
  const priority = ticket.priority;
  if (priority === undefined) return null;
  const may =
    ticket.issued_to !== undefined &&
    canSetPriority(viewer, { issued_to: ticket.issued_to, ticket_status: ticket.ticket_status });
  const choose = (value: TicketPriority | null) => {
    if (value === null || value === priority) return;
    setPriority.mutate(
      { priority: value },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t('priorityChanged', { priority: currentLabels().priority(value) }) }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-label={t('priorityHeading')}>
      <Stack gap="xs">
        {may ? (
          <Select<TicketPriority>
            label={
              <Title order={2} size="h5" component="span">
                {t('priorityHeading')}
              </Title>
            }
            data={[...TICKET_PRIORITIES].reverse().map((value) => ({ value, label: labels.priority(value) }))}
            value={priority}
            onChange={choose}
            allowDeselect={false}
            disabled={setPriority.isPending}
            data-testid="priority-select"
          />
        ) : (
          <>
            <Title order={2} size="h5">
              {t('priorityHeading')}
            </Title>
            <Group>
              <PriorityBadge priority={priority} />
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
