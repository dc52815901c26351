/** The URL search of /user-info: the page and the search text, so that reload and back keep them. */
import { USER_SEARCH_MAX_LENGTH } from '@switchboard/shared';

/** Both optional, so that plain links to /user-info (the nav bar) need no search. */
export interface UserInfoSearch {
  page?: number;
  q?: string;
}

/**
 * Reads page and search from the URL; what the URL cannot carry (page 0, a search longer than the
 * server takes) is left out (first page, no search) rather than failing the screen. Plain
 * checks rather than a schema: the route definitions load with the sign-in page.
 */
export function validateUserInfoSearch(search: Record<string, unknown>): UserInfoSearch {
  const page = typeof search.page === 'number' ? search.page : Number(search.page);
  // The router reads "0963" as a string but "963" as a number; both are a search.
  const raw = typeof search.q === 'number' ? String(search.q) : search.q;
  const q = typeof raw === 'string' ? raw.trim() : '';
  return {
    ...(Number.isSafeInteger(page) && page > 0 ? { page } : {}),
    ...(q !== '' && q.length <= USER_SEARCH_MAX_LENGTH ? { q } : {}),
  };
}
