import { pageOfSearch } from '../../lib/pagination.ts';

export interface SubscribersSearch {
  q?: string;
  area?: string;
  page: number;
}

/** `/subscribers?q=&area=&page=N`: the search text and area as written (the server checks them), page 1 by default. */
export function validateSubscribersSearch(search: Record<string, unknown>): SubscribersSearch {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const q = text(search.q);
  const area = text(search.area);
  return { ...(q ? { q } : {}), ...(area ? { area } : {}), page: pageOfSearch(search.page) ?? 1 };
}
