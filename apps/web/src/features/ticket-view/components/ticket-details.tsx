import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { displayNumber, type Ticket } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { formatDue } from '../../../lib/service-time.ts';
import { ticketViewMessages } from '../messages.ts';
import classes from './ticket-details.module.css';

export interface TicketDetailsProps {
  ticket: Ticket;
  /** Issued To, Issued By and the issuer type are for staff (spec §6). */
  staff: boolean;
  timeZone: string | undefined;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>{children}</dd>
    </div>
  );
}

/**
 * Where the ticket's clock stands (DESIGN.md §26), staff only as the server sends it to staff only:
 * stopped while it waits for the customer, or near its due time. The words carry the state.
 */
const badgeClasses = { root: classes.serviceBadge, label: classes.serviceBadgeLabel };

function ServiceBadges({ ticket }: { ticket: Ticket }) {
  const t = useMessages(ticketViewMessages);
  return (
    <>
      {ticket.waiting === true && (
        <Badge color="indigo.8" variant="filled" tt="none" classNames={badgeClasses}>
          {t('detailsWaiting')}
        </Badge>
      )}
      {ticket.due_soon === true && (
        <Badge color="orange.9" variant="filled" tt="none" classNames={badgeClasses}>
          {t('detailsDueSoon')}
        </Badge>
      )}
    </>
  );
}

/** The facts of a ticket as a definition list. */
export function TicketDetails({ ticket, staff, timeZone }: TicketDetailsProps) {
  const t = useMessages(ticketViewMessages);
  const labels = useLabels();
  // People's names may carry right-to-left text or direction overrides: isolate them from the number.
  const issuer =
    ticket.issuer_name || ticket.issuer_number ? (
      <>
        {ticket.issuer_name && <bdi>{ticket.issuer_name}</bdi>}
        {ticket.issuer_name && ticket.issuer_number && ' · '}
        {ticket.issuer_number && <bdi>{displayNumber(ticket.issuer_number)}</bdi>}
      </>
    ) : null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('detailsHeading')}
        </Title>
        <dl className={classes.list}>
          <Fact label={t('detailsStatus')}>
            <Group gap="xs">
              <StatusBadge status={ticket.ticket_status} />
              {staff && <ServiceBadges ticket={ticket} />}
            </Group>
          </Fact>
          <Fact label={t('detailsProblematicNumber')}>{displayNumber(ticket.problematic_number)}</Fact>
          <Fact label={t('detailsGroup')}>{ticket.group_name}</Fact>
          {ticket.sub_group_name && (
            <Fact label={t('detailsSubgroup')}>
              {labels.subgroup({ sub_group_en: ticket.sub_group_name, sub_group_bn: ticket.sub_group_name_bn })}
            </Fact>
          )}
          {staff && ticket.issued_to && <Fact label={t('detailsIssuedTo')}>{labels.holder(ticket.issued_to)}</Fact>}
          {staff && <Fact label={t('detailsIssuedBy')}>{issuer ?? ticket.client_email ?? '—'}</Fact>}
          {staff && (
            <Fact label={t('detailsIssuerType')}>
              {labels.userType(ticket.issuer_user_type === 'agent' ? 'agent' : 'customer')}
            </Fact>
          )}
          {ticket.client_email && (
            <Fact label={t('detailsClientEmail')}>
              <Text component="a" href={`mailto:${ticket.client_email}`} size="sm" c="blue" className={classes.email}>
                {ticket.client_email}
              </Text>
            </Fact>
          )}
          <Fact label={t('detailsIssuedTime')}>{formatDisplayDateTime(ticket.created_at, timeZone)}</Fact>
          {ticket.resolved_at && (
            <Fact label={t('detailsResolvedTime')}>{formatDisplayDateTime(ticket.resolved_at, timeZone)}</Fact>
          )}
          {ticket.due_at && (
            <Fact label={t('detailsDue')}>
              {/* The words carry the state (not the colour alone); the time says exactly when. */}
              <Text span size="sm" fw={600} c={ticket.overdue ? 'red.8' : undefined}>
                {formatDue(ticket.due_at, new Date())}
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                ({formatDisplayDateTime(ticket.due_at, timeZone)})
              </Text>
            </Fact>
          )}
        </dl>
      </Stack>
    </Paper>
  );
}
