import { pageOfSearch } from '../../lib/pagination.ts';

/** `/forwarded-tickets?page=N`: the page, 1 when the URL carries none that makes sense. */
export function validateForwardedSearch(search: Record<string, unknown>): { page: number } {
  return { page: pageOfSearch(search.page) ?? 1 };
}
