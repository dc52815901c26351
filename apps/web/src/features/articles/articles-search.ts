import { pageOfSearch } from '../../lib/pagination.ts';

/** `/articles?q=&page=N`: no search and page 1 unless the URL says otherwise. */
export function validateArticlesSearch(search: Record<string, unknown>): { q?: string; page: number } {
  const q = typeof search.q === 'string' && search.q.trim() !== '' ? search.q.slice(0, 100) : undefined;
  return { ...(q === undefined ? {} : { q }), page: pageOfSearch(search.page) ?? 1 };
}
