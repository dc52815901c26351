import { Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { displayNumber, type TicketListItem } from '@switchboard/shared';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { issuedToLabel } from '../../../components/ticket-table.tsx';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { incidentMessages } from '../messages.ts';

export interface IncidentTicketsProps {
  tickets: TicketListItem[];
  timeZone: string | undefined;
  emptyText: string;
  /**
   * A button per row (Link or Unlink); none when the incident is resolved, and none on a row
   * that `allowed` refuses (a ticket of another department, DESIGN.md §14).
   */
  action?: {
    label: string;
    busyId: number | null;
    onClick: (ticketId: number) => void;
    allowed?: (ticket: TicketListItem) => boolean;
  };
}

/**
 * Tickets of (or for) an incident: id, title, number, holder, time, status, and the row's action. On a
 * phone each ticket is a card, as in the ticket list (components/ticket-table.tsx): six columns do
 * not fit 390 pixels.
 */
export function IncidentTickets({ tickets, timeZone, emptyText, action }: IncidentTicketsProps) {
  const t = useMessages(incidentMessages);
  const labels = useLabels();
  const small = useMediaQuery('(max-width: 48em)');
  if (tickets.length === 0)
    return (
      <Text c="dimmed" size="sm" role="status">
        {emptyText}
      </Text>
    );
  const ticketLink = (ticket: TicketListItem, prefix = '') => (
    <Anchor fw={600} renderRoot={(props) => <Link to="/view-ticket" search={{ id: ticket.ticket_id }} {...props} />}>
      {prefix}
      {ticket.ticket_id}
    </Anchor>
  );
  const actionButton = (ticket: TicketListItem) =>
    action &&
    (action.allowed?.(ticket) ?? true) && (
      <Button
        size="compact-sm"
        variant="light"
        loading={action.busyId === ticket.ticket_id}
        onClick={() => action.onClick(ticket.ticket_id)}
        aria-label={t('rowAction', { action: action.label, id: String(ticket.ticket_id) })}
      >
        {action.label}
      </Button>
    );

  if (small)
    return (
      <Stack gap="xs">
        {tickets.map((ticket) => (
          <Paper key={ticket.ticket_id} withBorder p="sm" style={{ overflowWrap: 'anywhere' }} data-testid="incident-ticket">
            <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
              <Text size="sm">{ticketLink(ticket, '#')}</Text>
              <StatusBadge status={ticket.ticket_status} style={{ flexShrink: 0 }} />
            </Group>
            <Text size="sm" fw={500}>
              {ticket.title}
            </Text>
            <Group justify="space-between" gap="xs" mt={4}>
              <Text size="sm" c="dimmed">
                {displayNumber(ticket.problematic_number)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDisplayDateTime(ticket.created_at, timeZone)}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs" mt={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {t('issuedTo')}: {issuedToLabel(ticket.issued_to, labels)}
              </Text>
              {actionButton(ticket)}
            </Group>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ticketId')}</Table.Th>
            <Table.Th>{t('ticketTitle')}</Table.Th>
            <Table.Th>{t('problematicNumber')}</Table.Th>
            <Table.Th>{t('issuedTo')}</Table.Th>
            <Table.Th>{t('issuedTime')}</Table.Th>
            <Table.Th>{t('status')}</Table.Th>
            {action && <Table.Th aria-label={action.label} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.ticket_id}>
              <Table.Td>{ticketLink(ticket)}</Table.Td>
              <Table.Td>{ticket.title}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayNumber(ticket.problematic_number)}</Table.Td>
              <Table.Td>{issuedToLabel(ticket.issued_to, labels)}</Table.Td>
              <Table.Td>{formatDisplayDateTime(ticket.created_at, timeZone)}</Table.Td>
              <Table.Td>
                <StatusBadge status={ticket.ticket_status} />
              </Table.Td>
              {action && <Table.Td>{actionButton(ticket)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
