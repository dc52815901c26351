/** The words of the number's history panel (DESIGN.md §12). */
import { DEPARTMENT_LABELS, USER_TYPE_LABELS, type IssuedTo, type NumberHistoryEvent } from '@switchboard/shared';

/** How a holder reads: departments by their forward-target labels, the agent holder as "Agent". */
export function holderLabel(holder: IssuedTo): string {
  return holder === 'agent' ? USER_TYPE_LABELS.agent : DEPARTMENT_LABELS[holder];
}

/** One event of the timeline as a sentence ("Forwarded from Customer Care to IPTSP: no signal"). */
export function eventText(event: NumberHistoryEvent): string {
  const by = event.by_name ? ` by ${event.by_name}` : '';
  switch (event.kind) {
    case 'created':
      return `Ticket raised${by}`;
    case 'forwarded': {
      const route =
        event.from && event.to
          ? ` from ${holderLabel(event.from)} to ${holderLabel(event.to)}`
          : event.to
            ? ` to ${holderLabel(event.to)}`
            : '';
      return `Forwarded${route}${event.cause ? `: ${event.cause}` : ''}`;
    }
    case 'resolved':
      return `Resolved${by}`;
    case 'reopened':
      return `Reopened${by}`;
    case 'commented':
      return event.by_name ? `Comment by ${event.by_name}` : 'Comment';
  }
}

export const numberHistoryMessages = {
  heading: (number: string) => `History of ${number}`,
  counts: (open: number, total: number) => `${open} open · ${total} ${total === 1 ? 'ticket' : 'tickets'} in all`,
  otherTickets: 'Other tickets of this number',
  noOtherTickets: 'No other tickets of this number.',
  timeline: 'What happened',
  noEvents: 'Nothing has happened on this number yet.',
  loading: 'Loading the history of this number...',
  loadError: 'The history of this number could not be loaded.',
  show: 'Show',
  hide: 'Hide',
  ticketLink: (id: number) => `#${id}`,
  thisTicket: 'this ticket',
};
