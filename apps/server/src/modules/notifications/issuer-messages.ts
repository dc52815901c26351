/**
 * The messages to a ticket's issuer (DESIGN.md §16); their words are the catalogs' `issuer.json`.
 * They name the brand, the ticket and what happened, never what anybody wrote: an SMS or an e-mail
 * leaves the desk's control, and a reply may hold notes meant for the ticket only. Ticket ids are
 * passed as text, so they keep Latin digits in every language.
 *
 * The Bangla SMS is sent as UCS-2, 70 characters a part (67 once it takes several), against 160 for
 * English: it says only the brand, the ticket and what happened, and stays within one part without
 * a link.
 */
import type { IssuerMessageKey, Language } from '@switchboard/shared';
import { say } from '../../lib/messages.ts';
import type { MailMessage } from '../../lib/mailer.ts';

export type IssuerEvent = 'reply' | 'resolved' | 'merged';

/** The messages that depend on what happened to the ticket. */
const SAID_OF: Record<
  IssuerEvent,
  { sms: IssuerMessageKey; subject: IssuerMessageKey; told: IssuerMessageKey; next: IssuerMessageKey }
> = {
  reply: {
    sms: 'issuer.smsReply',
    subject: 'issuer.mailSubjectReply',
    told: 'issuer.mailToldReply',
    next: 'issuer.mailNextReply',
  },
  resolved: {
    sms: 'issuer.smsResolved',
    subject: 'issuer.mailSubjectResolved',
    told: 'issuer.mailToldResolved',
    next: 'issuer.mailNextResolved',
  },
  merged: {
    sms: 'issuer.smsMerged',
    subject: 'issuer.mailSubjectMerged',
    told: 'issuer.mailToldMerged',
    next: 'issuer.mailNextMerged',
  },
};

/** What a message names besides the brand and the ticket: the ticket a merge joined it with (DESIGN.md §27). */
export interface IssuerEventValues {
  into?: number;
}

function valuesOf(brandName: string, ticketId: number, more: IssuerEventValues): Record<string, string> {
  const values: Record<string, string> = { brand: brandName, id: String(ticketId) };
  if (more.into !== undefined) values.into = String(more.into);
  return values;
}

export interface MessageSettings {
  brandName: string;
  /** Base of the link to the ticket, when the desk is reachable from outside. */
  publicUrl: string | undefined;
  /** Whether the desk reads its mailbox (IMAP_URL): the mail then says a reply adds to the ticket. */
  repliesByMail?: boolean;
}

/** Where a signed-in issuer reads the ticket; null without PUBLIC_URL. */
export function ticketLink(settings: MessageSettings, ticketId: number): string | null {
  if (!settings.publicUrl) return null;
  return `${settings.publicUrl.replace(/\/+$/, '')}/view-ticket?id=${ticketId}`;
}

/** The SMS to the issuer's number (an account holder, who can open the link after signing in). */
export function issuerSms(
  settings: MessageSettings,
  ticketId: number,
  event: IssuerEvent,
  language: Language,
  more: IssuerEventValues = {},
): string {
  // A merged ticket's link is its own: its view leads on to the ticket it joined, for an issuer who may see that one.
  const link = ticketLink(settings, ticketId);
  const sentence = say(language, SAID_OF[event].sms, valuesOf(settings.brandName, ticketId, more));
  return link ? `${sentence} ${link}` : sentence;
}

/**
 * The e-mail to the address of a public-form ticket. Its submitter has no account to open the
 * ticket with, so the mail carries no link; the ticket number is what they quote when they call,
 * and `[#id]` in the subject is what files their answer by mail on the ticket (DESIGN.md §24).
 */
export function issuerMail(
  settings: MessageSettings,
  to: string,
  ticketId: number,
  event: IssuerEvent,
  language: Language,
  more: IssuerEventValues = {},
): MailMessage {
  const values = valuesOf(settings.brandName, ticketId, more);
  const said = SAID_OF[event];
  const paragraphs: IssuerMessageKey[] = [
    'issuer.greeting',
    said.told,
    said.next,
    ...(settings.repliesByMail ? (['issuer.mailReplyByMail'] as const) : []),
    'issuer.mailWhy',
    'issuer.signature',
  ];
  return {
    to,
    subject: say(language, said.subject, values),
    // One blank line between paragraphs.
    text: paragraphs.map((key) => say(language, key, values)).join('\n\n'),
  };
}
