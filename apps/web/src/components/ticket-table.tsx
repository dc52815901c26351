import { Badge, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { displayNumber, type IssuedTo, type TicketListItem } from '@switchboard/shared';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { AssigneeCell, AssigneeLine } from './assignee-cell.tsx';
import { ListTable } from './list-table.tsx';
import { formatDisplayDateTime } from '../lib/dates.ts';
import { useMessages } from '../lib/i18n.ts';
import { currentLabels, useLabels, type Labels } from '../lib/labels.ts';
import { formatAge } from '../lib/service-time.ts';
import { truncate } from '../lib/text.ts';
import { HighlightedText } from './highlighted-text.tsx';
import { PriorityBadge } from './priority-badge.tsx';
import { RatingBadge } from './rating-badge.tsx';
import { LoadingNote } from './loading-note.tsx';
import { componentsMessages } from './messages.ts';
import { StatusBadge } from './status-badge.tsx';
import { TagBadges } from './ticket-tags/tag-badges.tsx';
import classes from './ticket-table.module.css';

/** Title lengths of the spec: 20 characters in the table, 40 on small screens (cards). */
export const TITLE_CUT_WIDE = 20;
export const TITLE_CUT_SMALL = 40;

/** Staff's selection of rows for bulk actions: a checkbox on each row and one for the page. */
export interface TicketSelection {
  isSelected: (ticketId: number) => boolean;
  onToggle: (ticketId: number) => void;
  /** Selects every row of the page, or unselects them all when each is selected. */
  onTogglePage: () => void;
  /** No more tickets may be selected: the boxes of unselected rows are disabled. */
  full: boolean;
  rowLabel: (ticketId: number) => string;
  pageLabel: string;
}

export interface TicketTableProps {
  tickets: TicketListItem[];
  loading: boolean;
  /** Issued To and Issued By are for staff only (spec §6). */
  showIssuerColumns: boolean;
  timeZone: string | undefined;
  onOpen: (ticketId: number) => void;
  /** 'Loading tickets...' unless given. */
  loadingText?: string;
  /** 'No tickets found.' unless given. */
  emptyText?: string;
  /** The list's search text, marked in the titles. */
  highlight?: string;
  /** A leading selection column (staff's bulk actions); none without it. */
  selection?: TicketSelection;
  /** The Priority column (DESIGN.md §30): staff only, as only they receive it. */
  showPriority?: boolean;
}

/** Who holds the ticket, in the words of `labels` (a component's `useLabels()`; else the current language). */
export function issuedToLabel(issuedTo: IssuedTo | undefined, labels: Labels = currentLabels()): string {
  // Only staff receive the holder; the others never see this column.
  if (issuedTo === undefined) return '—';
  return labels.holder(issuedTo);
}

/** Who raised the ticket: the name when the server sends it, else the number, else the public form's e-mail. */
function IssuedBy({ ticket }: { ticket: TicketListItem }) {
  const labels = useLabels();
  const number = ticket.issuer_number ? displayNumber(ticket.issuer_number) : null;
  const primary = ticket.issuer_name ?? number ?? ticket.client_email ?? '—';
  const secondary = ticket.issuer_name ? number : null;
  return (
    <Stack gap={0}>
      <Text size="sm">{primary}</Text>
      <Text size="xs" c="dimmed">
        {secondary ? `${secondary} · ` : ''}
        {labels.userType(ticket.issuer_user_type === 'agent' ? 'agent' : 'customer')}
      </Text>
    </Stack>
  );
}

/** A ticket past its due time (DESIGN.md §17); staff only, as the server sends `overdue` to staff only. */
function OverdueBadge({ ticket }: { ticket: TicketListItem }) {
  const t = useMessages(componentsMessages);
  if (!ticket.overdue) return null;
  return (
    <Badge color="red.9" variant="filled" tt="none">
      {t('overdue')}
    </Badge>
  );
}

/**
 * Service levels II (DESIGN.md §26): past SLA_WARN_PERCENT of its level but not yet late, and its
 * clock stopped while it waits for the customer; staff only, as only staff receive either.
 */
function SlaBadges({ ticket }: { ticket: TicketListItem }) {
  const t = useMessages(componentsMessages);
  return (
    <>
      {ticket.due_soon && !ticket.overdue && (
        <Badge color="orange.8" variant="light" tt="none">
          {t('dueSoon')}
        </Badge>
      )}
      {ticket.waiting && (
        <Badge color="gray.7" variant="light" tt="none">
          {t('waiting')}
        </Badge>
      )}
    </>
  );
}

/**
 * The status, and beside it (below it in a narrow column) the Overdue, Due soon and Waiting badges
 * and the issuer's rating once given (staff only, as only staff receive them).
 */
function StatusCell({ ticket }: { ticket: TicketListItem }) {
  return (
    <Group gap={6} className={classes.statusCell}>
      <StatusBadge status={ticket.ticket_status} />
      <OverdueBadge ticket={ticket} />
      <SlaBadges ticket={ticket} />
      {typeof ticket.rating === 'number' && <RatingBadge score={ticket.rating} />}
    </Group>
  );
}

/** When the ticket was raised, and how long ago. */
function IssuedTime({ ticket, timeZone, now }: { ticket: TicketListItem; timeZone: string | undefined; now: Date }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDisplayDateTime(ticket.created_at, timeZone)}</Text>
      <Text size="xs" c="dimmed">
        {formatAge(ticket.created_at, now)}
      </Text>
    </Stack>
  );
}

/** The keyboard twin of a row click: Enter (and Space, as on a button) opens the ticket. */
function openOnKey(event: KeyboardEvent, open: () => void) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open();
  }
}

/** Lets Ctrl/Cmd/Shift/middle clicks on the ticket link open a new tab instead of the row's navigation. */
function stopForNewTab(event: MouseEvent) {
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) event.stopPropagation();
  else event.preventDefault();
}

function TicketLink({ ticketId }: { ticketId: number }) {
  return (
    <a href={`/view-ticket?id=${ticketId}`} tabIndex={-1} className={classes.link} onClick={stopForNewTab}>
      {ticketId}
    </a>
  );
}

/** A click or a key on a selection box must not also open the row's ticket. */
const keepFromRow = {
  onClick: (event: MouseEvent) => event.stopPropagation(),
  onKeyDown: (event: KeyboardEvent) => event.stopPropagation(),
};

function RowCheckbox({ selection, ticketId }: { selection: TicketSelection; ticketId: number }) {
  const checked = selection.isSelected(ticketId);
  return (
    <Checkbox
      aria-label={selection.rowLabel(ticketId)}
      checked={checked}
      disabled={!checked && selection.full}
      onChange={() => selection.onToggle(ticketId)}
      data-testid="select-ticket"
    />
  );
}

/** Every row of the page at once; on a phone's cards with its words shown. */
function PageCheckbox({
  selection,
  tickets,
  labelled = false,
}: {
  selection: TicketSelection;
  tickets: TicketListItem[];
  labelled?: boolean;
}) {
  const chosen = tickets.filter((ticket) => selection.isSelected(ticket.ticket_id)).length;
  return (
    <Checkbox
      {...(labelled ? { label: selection.pageLabel } : { 'aria-label': selection.pageLabel })}
      checked={tickets.length > 0 && chosen === tickets.length}
      indeterminate={chosen > 0 && chosen < tickets.length}
      disabled={tickets.length === 0}
      onChange={selection.onTogglePage}
      data-testid="select-page"
    />
  );
}

/**
 * The ticket list of the spec (columns Ticket Id, Title, Problematic Number, Issued To, Issued By,
 * Issued Time, Status). Rows open the ticket on click and on Enter. On a phone the rows become
 * cards, since seven columns do not fit 390 pixels.
 */
export function TicketTable({
  tickets,
  loading,
  showIssuerColumns,
  timeZone,
  onOpen,
  loadingText,
  emptyText,
  highlight,
  selection,
  showPriority = false,
}: TicketTableProps) {
  const t = useMessages(componentsMessages);
  const labels = useLabels();
  const small = useMediaQuery('(max-width: 48em)');
  // Ages are read at render; the list refetches and re-renders often enough for "3 h old".
  const now = new Date();
  const status: ReactNode = loading ? (
    <LoadingNote text={loadingText ?? t('loadingTickets')} />
  ) : tickets.length === 0 ? (
    <Text c="dimmed" ta="center" py="xl" role="status">
      {emptyText ?? t('noTickets')}
    </Text>
  ) : null;

  if (small) {
    return (
      <Stack gap="sm">
        {selection && !status && <PageCheckbox selection={selection} tickets={tickets} labelled />}
        {status ??
          tickets.map((ticket) => (
            <Paper
              key={ticket.ticket_id}
              withBorder
              p="sm"
              className={classes.card}
              tabIndex={0}
              onClick={() => onOpen(ticket.ticket_id)}
              onKeyDown={(event) => openOnKey(event, () => onOpen(ticket.ticket_id))}
              data-testid="ticket-row"
            >
              <Group justify="space-between" wrap="nowrap" mb={4}>
                <Group gap="xs" wrap="nowrap">
                  {selection && (
                    <div {...keepFromRow}>
                      <RowCheckbox selection={selection} ticketId={ticket.ticket_id} />
                    </div>
                  )}
                  <Text fw={600} size="sm" className={classes.nowrap}>
                    #<TicketLink ticketId={ticket.ticket_id} />
                  </Text>
                </Group>
                <Group gap={6} justify="flex-end" className={classes.statusCell}>
                  {showPriority && ticket.priority && <PriorityBadge priority={ticket.priority} />}
                  <StatusCell ticket={ticket} />
                </Group>
              </Group>
              <Text fw={500} title={ticket.title}>
                <HighlightedText text={truncate(ticket.title, TITLE_CUT_SMALL)} words={highlight} />
              </Text>
              <TagBadges tags={ticket.tags} />
              <Group justify="space-between" gap="xs" mt={4}>
                <Text size="sm" c="dimmed">
                  {displayNumber(ticket.problematic_number)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDisplayDateTime(ticket.created_at, timeZone)} · {formatAge(ticket.created_at, now)}
                </Text>
              </Group>
              {showIssuerColumns && (
                <Group justify="space-between" gap="xs" mt={6} align="flex-start" wrap="nowrap">
                  <IssuedBy ticket={ticket} />
                  <Text size="xs" c="dimmed" ta="right">
                    {t('issuedToHolder', { holder: issuedToLabel(ticket.issued_to, labels) })}
                  </Text>
                </Group>
              )}
              {showIssuerColumns && <AssigneeLine ticket={ticket} />}
            </Paper>
          ))}
      </Stack>
    );
  }

  const columns = (showIssuerColumns ? 8 : 5) + (selection ? 1 : 0) + (showPriority ? 1 : 0);
  return (
    <ListTable
      minWidth={showIssuerColumns ? 960 : 640}
      highlightOnHover
      className={classes.table}
      nativeScroll
      head={
        <>
          {selection && (
            <Table.Th w={44}>
              <PageCheckbox selection={selection} tickets={tickets} />
            </Table.Th>
          )}
          <Table.Th>{t('ticketId')}</Table.Th>
          <Table.Th>{t('title')}</Table.Th>
          <Table.Th>{t('problematicNumber')}</Table.Th>
          {showIssuerColumns && <Table.Th>{t('issuedTo')}</Table.Th>}
          {showIssuerColumns && <Table.Th>{t('issuedBy')}</Table.Th>}
          {showIssuerColumns && <Table.Th>{t('assignee')}</Table.Th>}
          <Table.Th>{t('issuedTime')}</Table.Th>
          {showPriority && <Table.Th>{t('priority')}</Table.Th>}
          <Table.Th>{t('status')}</Table.Th>
        </>
      }
    >
      {status ? (
        <Table.Tr>
          <Table.Td colSpan={columns}>{status}</Table.Td>
        </Table.Tr>
      ) : (
        tickets.map((ticket) => (
          <Table.Tr
            key={ticket.ticket_id}
            className={classes.row}
            tabIndex={0}
            onClick={() => onOpen(ticket.ticket_id)}
            onKeyDown={(event) => openOnKey(event, () => onOpen(ticket.ticket_id))}
            data-testid="ticket-row"
          >
            {selection && (
              <Table.Td {...keepFromRow}>
                <RowCheckbox selection={selection} ticketId={ticket.ticket_id} />
              </Table.Td>
            )}
            <Table.Td>
              <TicketLink ticketId={ticket.ticket_id} />
            </Table.Td>
            <Table.Td title={ticket.title}>
              <HighlightedText text={truncate(ticket.title, TITLE_CUT_WIDE)} words={highlight} />
              <TagBadges tags={ticket.tags} />
            </Table.Td>
            <Table.Td className={classes.nowrap}>{displayNumber(ticket.problematic_number)}</Table.Td>
            {showIssuerColumns && <Table.Td>{issuedToLabel(ticket.issued_to, labels)}</Table.Td>}
            {showIssuerColumns && (
              <Table.Td>
                <IssuedBy ticket={ticket} />
              </Table.Td>
            )}
            {showIssuerColumns && (
              <Table.Td>
                <AssigneeCell ticket={ticket} />
              </Table.Td>
            )}
            <Table.Td className={classes.nowrap}>
              <IssuedTime ticket={ticket} timeZone={timeZone} now={now} />
            </Table.Td>
            {showPriority && (
              <Table.Td className={classes.statusCell}>
                {ticket.priority && <PriorityBadge priority={ticket.priority} />}
              </Table.Td>
            )}
            <Table.Td>
              <StatusCell ticket={ticket} />
            </Table.Td>
          </Table.Tr>
        ))
      )}
    </ListTable>
  );
}
