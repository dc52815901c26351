import { pageOfSearch } from '../../lib/pagination.ts';

/** `/integrations?page=N`: the page of the API clients' table, 1 unless the URL says otherwise. */
export function validateIntegrationsSearch(search: Record<string, unknown>): { page: number } {
  return { page: pageOfSearch(search.page) ?? 1 };
}
