export const notificationsMessages = {
  title: 'Failed messages',
  intro: 'Messages to issuers that could not be sent after every retry, newest first.',
  loading: 'Loading messages...',
  empty: 'No failed messages.',
  failedToFetch: 'Failed to fetch messages',
  columns: {
    time: 'Written',
    ticket: 'Ticket',
    channel: 'Channel',
    kind: 'Kind',
    recipient: 'Recipient',
    attempts: 'Tries',
    error: 'Last error',
  },
  channel: { sms: 'SMS', email: 'E-mail' },
  kind: { receipt: 'Receipt', reply: 'Reply', resolved: 'Resolved' },
  noTicket: '—',
};
