/**
 * `/view-ticket?id=`: the ticket id, or undefined when the URL carries none that makes sense. The
 * key is always returned: the router keeps raw search values the validator leaves out.
 */
export function validateViewTicketSearch(search: Record<string, unknown>): { id: number | undefined } {
  const id = typeof search.id === 'string' ? Number(search.id) : search.id;
  return { id: typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined };
}
