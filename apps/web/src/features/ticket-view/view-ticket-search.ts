/** `/view-ticket?id=`: the ticket id, or nothing when the URL carries none that makes sense. */
export function validateViewTicketSearch(search: Record<string, unknown>): { id?: number } {
  const id = typeof search.id === 'string' ? Number(search.id) : search.id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? { id } : {};
}
