/**
 * The keywords an inbound SMS may be (DESIGN.md §24), and the words of the desk's answers, from the
 * issuer catalog. Ticket ids are passed as text, so they keep Latin digits in every language.
 */
import type { Language, TicketStatus } from '@switchboard/shared';
import { say } from '../../lib/messages.ts';

export type SmsKeyword = 'status' | 'stop' | 'start';

/** Each keyword in English and Bangla, compared trimmed and case-insensitively. */
const KEYWORDS = new Map<string, SmsKeyword>([
  ['status', 'status'],
  ['অবস্থা', 'status'],
  ['stop', 'stop'],
  ['বন্ধ', 'stop'],
  ['start', 'start'],
  ['চালু', 'start'],
]);

/** The keyword the whole text is, or null. A satisfaction digit is read before (satisfaction.service.ts). */
export function keywordOf(text: string): SmsKeyword | null {
  // A map, not an object: a text such as `constructor` must not find Object's own members.
  return KEYWORDS.get(text.normalize('NFC').trim().toLowerCase()) ?? null;
}

/** The most tickets STATUS names: an SMS stays short. */
export const STATUS_TICKETS_SHOWN = 3;

export interface StatusFacts {
  tickets: { ticketId: number; status: TicketStatus }[];
  /** When a known outage of the number's area began, or null. */
  outageSince: Date | null;
}

/** When an outage began, as the provider's clock reads it: "27 Nov, 14:05". */
function timeOf(at: Date, language: Language, timezone: string): string {
  return new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
    timeZone: timezone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
}

/** The answer to STATUS: the number's open tickets (or that there are none), then any known outage. */
export function statusAnswer(brand: string, language: Language, timezone: string, facts: StatusFacts): string {
  const listed = facts.tickets.map((ticket) =>
    say(language, ticket.status === 'open' ? 'issuer.smsTicketOpen' : 'issuer.smsTicketInProgress', {
      id: String(ticket.ticketId),
    }),
  );
  const tickets =
    listed.length === 0
      ? say(language, 'issuer.smsStatusNone', { brand })
      : say(language, 'issuer.smsStatusTickets', { brand, tickets: listed.join(', ') });
  if (!facts.outageSince) return tickets;
  return `${tickets} ${say(language, 'issuer.smsStatusOutage', { since: timeOf(facts.outageSince, language, timezone) })}`;
}

export function optOutAnswer(brand: string, language: Language, keyword: 'stop' | 'start'): string {
  return say(language, keyword === 'stop' ? 'issuer.smsStopped' : 'issuer.smsStarted', { brand });
}

export function ticketOpenedAnswer(brand: string, language: Language, ticketId: number): string {
  return say(language, 'issuer.smsTicketOpened', { brand, id: String(ticketId) });
}
