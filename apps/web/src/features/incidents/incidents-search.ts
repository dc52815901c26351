import type { IncidentStatus } from '@switchboard/shared';
import { pageOfSearch } from '../../lib/pagination.ts';

/**
 * `/incidents?tab=active|resolved&page=N`: active and page 1 unless the URL says otherwise. The
 * key is `tab`, not `status`: the ticket list's `status` means a ticket status.
 */
export function validateIncidentsSearch(search: Record<string, unknown>): { tab: IncidentStatus; page: number } {
  return { tab: search.tab === 'resolved' ? 'resolved' : 'active', page: pageOfSearch(search.page) ?? 1 };
}
