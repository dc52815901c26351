import type { TicketListItem } from '@switchboard/shared';
import { useEffect } from 'react';
import type { TicketSelection } from '../../../components/ticket-table.tsx';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketsMessages } from '../messages.ts';
import { useTicketSelection } from './use-ticket-selection.ts';

/**
 * The ticket list's selection for bulk actions (staff only: `enabled`), and the table's selection
 * column for the page on screen. A change of the filters (`filtersKey`) starts a new selection.
 */
export function useBulkSelection(enabled: boolean, pageTickets: TicketListItem[] | undefined, filtersKey: string) {
  // The list's own words: the bar's catalog loads with the bar.
  const t = useMessages(ticketsMessages);
  const selection = useTicketSelection();
  const { clear } = selection;
  useEffect(() => clear(), [filtersKey, clear]);
  const pageIds = (pageTickets ?? []).map((ticket) => ticket.ticket_id);
  const column: TicketSelection | undefined = enabled
    ? {
        isSelected: selection.isSelected,
        onToggle: selection.toggle,
        onTogglePage: () => selection.togglePage(pageIds),
        full: selection.full,
        rowLabel: (id) => t('selectTicket', { id: String(id) }),
        pageLabel: t('selectPage'),
      }
    : undefined;
  return { selection, column, pageIds };
}
