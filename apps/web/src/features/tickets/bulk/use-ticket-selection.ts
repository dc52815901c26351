import { BULK_MAX_TICKETS } from '@switchboard/shared';
import { useCallback, useMemo, useState } from 'react';

/**
 * Staff's selection of tickets for a bulk action (DESIGN.md §30): ids in the order chosen, at most
 * BULK_MAX_TICKETS. It outlives a page change (rows of several pages may be chosen) and is
 * cleared by the screen when the filters change.
 */
export function useTicketSelection() {
  const [ids, setIds] = useState<number[]>([]);
  const chosen = useMemo(() => new Set(ids), [ids]);
  const full = ids.length >= BULK_MAX_TICKETS;

  const toggle = useCallback((ticketId: number) => {
    setIds((current) =>
      current.includes(ticketId)
        ? current.filter((id) => id !== ticketId)
        : current.length < BULK_MAX_TICKETS
          ? [...current, ticketId]
          : current,
    );
  }, []);

  /** Every row of the page, up to the limit; when each is chosen already, none of them. */
  const togglePage = useCallback((pageIds: number[]) => {
    setIds((current) => {
      if (pageIds.length > 0 && pageIds.every((id) => current.includes(id))) return current.filter((id) => !pageIds.includes(id));
      const added = pageIds.filter((id) => !current.includes(id));
      return [...current, ...added].slice(0, BULK_MAX_TICKETS);
    });
  }, []);

  const replace = useCallback((next: number[]) => setIds([...new Set(next)].slice(0, BULK_MAX_TICKETS)), []);
  const clear = useCallback(() => setIds([]), []);

  return { ids, isSelected: (id: number) => chosen.has(id), full, toggle, togglePage, replace, clear };
}

export type TicketSelectionState = ReturnType<typeof useTicketSelection>;
