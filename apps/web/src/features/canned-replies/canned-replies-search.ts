import { pageOfSearch } from '../../lib/pagination.ts';

/** `/canned-replies?q=&page=N`: no search and page 1 unless the URL says otherwise. */
export function validateCannedRepliesSearch(search: Record<string, unknown>): { q?: string; page: number } {
  const q = typeof search.q === 'string' && search.q.trim() !== '' ? search.q.slice(0, 100) : undefined;
  return { ...(q === undefined ? {} : { q }), page: pageOfSearch(search.page) ?? 1 };
}
