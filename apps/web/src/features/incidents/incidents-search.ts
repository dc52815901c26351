import type { IncidentStatus } from '@switchboard/shared';

/**
 * `/incidents?tab=active|resolved&page=N`: active and page 1 unless the URL says otherwise. The
 * key is `tab`, not `status`: the ticket list's `status` means a ticket status.
 */
export function validateIncidentsSearch(search: Record<string, unknown>): { tab: IncidentStatus; page: number } {
  const page = typeof search.page === 'string' ? Number(search.page) : search.page;
  return {
    tab: search.tab === 'resolved' ? 'resolved' : 'active',
    page: typeof page === 'number' && Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}
