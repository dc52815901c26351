import { Select } from '@mantine/core';
import { listSortsFor, SORT_DIRECTIONS, type UserType } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketsMessages } from '../messages.ts';
import type { TicketListOrder } from '../tickets-search.ts';

/** Each order's two ways, the way a desk most often wants first. */
const FIRST_WAY = { created: 'desc', activity: 'desc', priority: 'desc', due: 'asc' } as const;

export interface TicketSortSelectProps {
  userType: UserType;
  value: TicketListOrder;
  onChange: (order: TicketListOrder) => void;
}

/**
 * The list's order (DESIGN.md §30) as one select of plain words ("Highest priority first"): the
 * keyboard opens and walks it like any select, and on a phone it is one full-width field. Agents
 * and customers get creation's two ways only (listSortsFor).
 */
export function TicketSortSelect({ userType, value, onChange }: TicketSortSelectProps) {
  const t = useMessages(ticketsMessages);
  const options = listSortsFor({ user_type: userType }).flatMap((sort) =>
    [FIRST_WAY[sort], ...SORT_DIRECTIONS.filter((way) => way !== FIRST_WAY[sort])].map((order) => ({
      value: `${sort}.${order}`,
      label: t(`sort.${sort}.${order}`),
    })),
  );
  return (
    <Select
      label={t('sortLabel')}
      data={options}
      value={`${value.sort}.${value.order}`}
      onChange={(chosen) => {
        const [sort, order] = (chosen ?? 'created.desc').split('.') as [TicketListOrder['sort'], TicketListOrder['order']];
        onChange({ sort, order });
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 260 }}
      data-testid="ticket-sort"
    />
  );
}
