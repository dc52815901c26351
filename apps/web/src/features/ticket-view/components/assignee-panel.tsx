import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  canAssignTicket,
  departmentOf,
  type AssignTicketBody,
  type AssignTicketReply,
  type Department,
  type Ticket,
} from '@switchboard/shared';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import type { SessionClaims } from '../../../lib/session.ts';
import { ticketViewMessages } from '../messages.ts';
import { AssigneePicker } from './assignee-picker.tsx';

/** POST /tickets/{id}/assign; afterwards the ticket and the lists are reloaded. */
function useAssignTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignTicketBody) =>
      apiRequest<AssignTicketReply>(`/tickets/${ticketId}/assign`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

export interface AssigneePanelProps {
  ticket: Pick<Ticket, 'ticket_id' | 'issued_to' | 'ticket_status' | 'assignee'>;
  viewer: Pick<SessionClaims, 'sub' | 'user_type'>;
}

/** Staff's "Assigned to …" on the ticket view, with Take it and Release (DESIGN.md §19). Loaded lazily. */
export default function AssigneePanel({ ticket, viewer }: AssigneePanelProps) {
  const t = useMessages(ticketViewMessages);
  const assign = useAssignTicket(ticket.ticket_id);
  const assignee = ticket.assignee ?? null;
  const mine = assignee?.id === viewer.sub;
  const may =
    ticket.ticket_status !== 'closed' &&
    ticket.issued_to !== undefined &&
    canAssignTicket(viewer, { issued_to: ticket.issued_to });
  // cc may hand a ticket to any staff member; the others to a colleague of the holding department.
  const pickFrom: Department | undefined = viewer.user_type === 'cc' ? undefined : (departmentOf(viewer.user_type) ?? undefined);
  const send = (userId: string | null, handedTo?: string) =>
    assign.mutate(
      { user_id: userId, expected_assignee_user_id: assignee?.id ?? null },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: handedTo ? t('assigneeHanded', { name: handedTo }) : userId ? t('assigneeTaken') : t('assigneeReleased'),
          }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );

  return (
    <Paper withBorder p="md" component="section" aria-label={t('assigneeHeading')}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('assigneeHeading')}
        </Title>
        <Text size="sm" c={assignee ? undefined : 'dimmed'} data-testid="assignee-name">
          {assignee ? (mine ? t('assigneeYou', { name: assignee.name }) : assignee.name) : t('assigneeNobody')}
        </Text>
        {may && (
          <Group gap="xs">
            {!mine && (
              <Button size="compact-sm" loading={assign.isPending} onClick={() => send(viewer.sub)}>
                {t('assigneeTake')}
              </Button>
            )}
            {assignee && (
              <Button size="compact-sm" variant="light" color="gray" loading={assign.isPending} onClick={() => send(null)}>
                {t('assigneeRelease')}
              </Button>
            )}
          </Group>
        )}
        {may && (
          <AssigneePicker
            department={pickFrom}
            assigneeId={assignee?.id ?? null}
            viewerId={viewer.sub}
            busy={assign.isPending}
            onPick={(member) => send(member.id, member.name)}
          />
        )}
      </Stack>
    </Paper>
  );
}
