/** `/forwarded-tickets?page=N`: the page, 1 when the URL carries none that makes sense. */
export function validateForwardedSearch(search: Record<string, unknown>): { page: number } {
  const page = typeof search.page === 'string' ? Number(search.page) : search.page;
  return { page: typeof page === 'number' && Number.isSafeInteger(page) && page > 0 ? page : 1 };
}
