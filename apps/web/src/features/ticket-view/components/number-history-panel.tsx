import { Anchor, Collapse, Group, Loader, Paper, Stack, Text, Timeline, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { displayNumber, type NumberHistory } from '@switchboard/shared';
import { useId, type ReactNode } from 'react';
import { loadErrorMessage } from '../../../components/load-error.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useNumberHistory } from '../../../entities/number-history.ts';
import { ticketViewMessages } from '../messages.ts';
import { eventText } from '../number-history-text.ts';

export interface NumberHistoryPanelProps {
  /** The stored problematic number of the ticket on screen. */
  number: string;
  /** The ticket on screen: the panel lists the number's other tickets. */
  ticketId: number;
  timeZone: string | undefined;
}

function TicketLink({ ticketId, children }: { ticketId: number; children: ReactNode }) {
  return (
    <Anchor size="sm" renderRoot={(props) => <Link to="/view-ticket" search={{ id: ticketId }} {...props} />}>
      {children}
    </Anchor>
  );
}

function HistoryBody({
  history,
  ticketId,
  timeZone,
}: {
  history: NumberHistory;
  ticketId: number;
  timeZone: string | undefined;
}) {
  const t = useMessages(ticketViewMessages);
  const others = history.tickets.filter((ticket) => ticket.ticket_id !== ticketId);
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} size="h6" c="dimmed" mb={4}>
          {t('historyOtherTickets')}
        </Title>
        {others.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('historyNoOtherTickets')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {others.map((ticket) => (
              <Group key={ticket.ticket_id} component="li" gap={6} wrap="nowrap">
                <TicketLink ticketId={ticket.ticket_id}>{t('historyTicketLink', { id: String(ticket.ticket_id) })}</TicketLink>
                <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }} title={ticket.title}>
                  {ticket.title}
                </Text>
                <StatusBadge status={ticket.ticket_status} size="sm" style={{ flexShrink: 0 }} />
              </Group>
            ))}
          </Stack>
        )}
      </div>
      <div>
        <Title order={3} size="h6" c="dimmed" mb={6}>
          {t('historyTimeline')}
        </Title>
        {history.timeline.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('historyNoEvents')}
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {history.timeline.map((event, index) => (
              <Timeline.Item key={`${event.at}-${event.ticket_id}-${index}`} title={<Text size="sm">{eventText(event)}</Text>}>
                <Text size="xs" c="dimmed">
                  {event.ticket_id === ticketId ? (
                    t('historyThisTicket')
                  ) : (
                    <TicketLink ticketId={event.ticket_id}>{t('historyTicketLink', { id: String(event.ticket_id) })}</TicketLink>
                  )}{' '}
                  · {formatDisplayDateTime(event.at, timeZone)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </div>
    </Stack>
  );
}

/**
 * "History of +88…" (DESIGN.md §12): the counts of the ticket's number, its other tickets and what
 * happened to them. Open on wide screens; on phones a tap opens it, so the ticket comes first.
 */
export function NumberHistoryPanel({ number, ticketId, timeZone }: NumberHistoryPanelProps) {
  const t = useMessages(ticketViewMessages);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [expanded, { toggle }] = useDisclosure(!phone);
  // The ticket's own comments are on the screen already: the timeline tells the other tickets' events.
  const history = useNumberHistory(number, ticketId);
  const bodyId = useId();
  const heading = t('historyHeading', { number: displayNumber(number) });

  return (
    <Paper withBorder p="md" component="section" aria-label={heading}>
      {/* The heading holds the toggle (the disclosure pattern): it stays a heading for screen readers. */}
      <Title order={2} size="h5">
        <UnstyledButton onClick={toggle} aria-expanded={expanded} aria-controls={bodyId} w="100%" fw="inherit" fz="inherit">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <span>{heading}</span>
            {expanded ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          </Group>
        </UnstyledButton>
      </Title>
      {/* The line is there before the counts are, so that their arrival moves nothing below. */}
      <Text size="sm" c="dimmed">
        {history.data ? t('historyCounts', { open: history.data.open_count, total: history.data.total_count }) : '\u00a0'}
      </Text>
      <Collapse expanded={expanded} id={bodyId}>
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>
          {history.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('historyLoading')}
              </Text>
            </Group>
          ) : history.isError ? (
            // The panel is an aside: its failure is said quietly, never as an alert over the ticket.
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {loadErrorMessage(history.error, t('historyLoadError'))}
              </Text>
              <Anchor component="button" type="button" size="sm" onClick={() => void history.refetch()}>
                {t('historyRetry')}
              </Anchor>
            </Group>
          ) : (
            <HistoryBody history={history.data} ticketId={ticketId} timeZone={timeZone} />
          )}
        </div>
      </Collapse>
    </Paper>
  );
}

export default NumberHistoryPanel;
