import { Anchor, Button, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TicketListItem } from '@switchboard/shared';
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

/** Tickets of (or for) an incident: id, title, number, holder, time, status, and the row's action. */
export function IncidentTickets({ tickets, timeZone, emptyText, action }: IncidentTicketsProps) {
  const t = useMessages(incidentMessages);
  const labels = useLabels();
  if (tickets.length === 0)
    return (
      <Text c="dimmed" size="sm" role="status">
        {emptyText}
      </Text>
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
              <Table.Td>
                <Anchor renderRoot={(props) => <Link to="/view-ticket" search={{ id: ticket.ticket_id }} {...props} />}>
                  {ticket.ticket_id}
                </Anchor>
              </Table.Td>
              <Table.Td>{ticket.title}</Table.Td>
              <Table.Td>+{ticket.problematic_number}</Table.Td>
              <Table.Td>{issuedToLabel(ticket.issued_to, labels)}</Table.Td>
              <Table.Td>{formatDisplayDateTime(ticket.created_at, timeZone)}</Table.Td>
              <Table.Td>
                <StatusBadge status={ticket.ticket_status} />
              </Table.Td>
              {action && (
                <Table.Td>
                  {(action.allowed?.(ticket) ?? true) && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={action.busyId === ticket.ticket_id}
                      onClick={() => action.onClick(ticket.ticket_id)}
                      aria-label={t('rowAction', { action: action.label, id: String(ticket.ticket_id) })}
                    >
                      {action.label}
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
