import { pageOfSearch } from '../../lib/pagination.ts';

/** `/help?q=&page=N`: no search and page 1 unless the URL says otherwise. */
export function validateHelpSearch(search: Record<string, unknown>): { q?: string; page?: number } {
  const q = typeof search.q === 'string' && search.q.trim() !== '' ? search.q.slice(0, 100) : undefined;
  const page = pageOfSearch(search.page);
  return { ...(q === undefined ? {} : { q }), ...(page === undefined || page === 1 ? {} : { page }) };
}
