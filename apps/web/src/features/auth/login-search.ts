/** `/?q=<token>` signs in with a token handed over by another application (spec §2). */
export interface LoginSearch {
  q?: string;
}

/** A plain check rather than a schema: the sign-in route loads first and must stay small. */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return typeof search.q === 'string' && search.q !== '' ? { q: search.q } : {};
}
