import { Text } from '@mantine/core';
import type { TicketListItem } from '@switchboard/shared';
import { useMessages } from '../lib/i18n.ts';
import { componentsMessages } from './messages.ts';

/**
 * Who took the ticket (DESIGN.md §19), in the staff's ticket list: the name, or a dimmed "Nobody".
 * The server sends `assignee` to staff only; the column is shown to them only.
 */
export function AssigneeCell({ ticket }: { ticket: TicketListItem }) {
  const t = useMessages(componentsMessages);
  const name = ticket.assignee?.name;
  return (
    <Text size="sm" c={name ? undefined : 'dimmed'} data-testid="ticket-assignee">
      {name ?? t('assigneeNobody')}
    </Text>
  );
}

/** The same on a phone's card: "Assigned to …", or nothing when nobody took it. */
export function AssigneeLine({ ticket }: { ticket: TicketListItem }) {
  const t = useMessages(componentsMessages);
  if (!ticket.assignee) return null;
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid="ticket-assignee">
      {t('assignedToName', { name: ticket.assignee.name })}
    </Text>
  );
}
