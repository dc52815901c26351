import { pageOfSearch } from '../../lib/pagination.ts';

/** `/notifications?page=N`: optional, so that the Admin menu's plain link opens the first page. */
export function validateNotificationsSearch(search: Record<string, unknown>): { page?: number } {
  const page = pageOfSearch(search.page);
  return page === undefined ? {} : { page };
}
