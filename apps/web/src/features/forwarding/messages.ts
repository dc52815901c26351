/** The words of the forwarded-tickets screen (English: the spec's exact texts). */
export const messages = {
  title: 'Forwarded Tickets',
  intro:
    'Tickets your department received, or forwarded and stayed in the loop. The newest forward comes first; the list refreshes every 30 seconds.',
  loading: 'Loading tickets...',
  empty: 'No tickets found.',
} as const;
