/**
 * The words of the messages to a ticket's issuer, in English and Bangla (DESIGN.md §16). They name
 * the brand, the ticket and what happened, never what anybody wrote: an SMS or an e-mail leaves
 * the desk's control, and a reply may hold notes meant for the ticket only. Ticket ids keep Latin
 * digits in both languages.
 */
import type { Language } from '@switchboard/shared';
import type { MailMessage } from '../../lib/mailer.ts';

export type IssuerEvent = 'reply' | 'resolved';

/** What a message says; `id` is the ticket id, `brand` the provider's name. */
interface IssuerWords {
  sms(brand: string, id: number, event: IssuerEvent): string;
  subject(brand: string, id: number, event: IssuerEvent): string;
  greeting: string;
  told(brand: string, id: number, event: IssuerEvent): string;
  next: Record<IssuerEvent, string>;
  why: string;
  signature(brand: string): string;
}

const HAPPENED: Record<IssuerEvent, string> = {
  reply: 'has a new reply',
  resolved: 'was resolved',
};

/**
 * The Bangla SMS is sent as UCS-2, 70 characters a part (67 once it takes several), against 160 for
 * English: it says only the brand, the ticket and what happened, and stays within one part without
 * a link.
 */
const BANGLA_HAPPENED: Record<IssuerEvent, (id: number) => string> = {
  reply: (id) => `আপনার টিকিট ${id}-এ নতুন উত্তর এসেছে`,
  resolved: (id) => `আপনার টিকিট ${id}-এর সমাধান হয়েছে`,
};

const WORDS: Record<Language, IssuerWords> = {
  en: {
    sms: (brand, id, event) => `${brand}: your ticket #${id} ${HAPPENED[event]}.`,
    subject: (brand, id, event) => `${brand} support: your ticket #${id} ${HAPPENED[event]}`,
    greeting: 'Hello,',
    told: (brand, id, event) => `Your ticket #${id} with ${brand} support ${HAPPENED[event]}.`,
    next: {
      resolved: 'If the problem is not solved, please contact us and mention the ticket number.',
      reply: 'Our support team has answered. Please contact us and mention the ticket number if you need anything more.',
    },
    why: 'You receive this message because this address was entered on our support form.',
    signature: (brand) => `${brand} support`,
  },
  bn: {
    sms: (brand, id, event) => `${brand}: ${BANGLA_HAPPENED[event](id)}।`,
    subject: (brand, id, event) => `${brand} সাপোর্ট: ${BANGLA_HAPPENED[event](id)}`,
    greeting: 'প্রিয় গ্রাহক,',
    told: (brand, id, event) => `${brand} সাপোর্টে ${BANGLA_HAPPENED[event](id)}।`,
    next: {
      resolved: 'সমস্যার সমাধান না হয়ে থাকলে টিকিট নম্বরটি উল্লেখ করে আমাদের সাথে যোগাযোগ করুন।',
      reply: 'আমাদের সাপোর্ট টিম উত্তর দিয়েছে। আর কিছু দরকার হলে টিকিট নম্বরটি উল্লেখ করে আমাদের সাথে যোগাযোগ করুন।',
    },
    why: 'আমাদের সাপোর্ট ফর্মে এই ই-মেইল ঠিকানাটি দেওয়া হয়েছিল, তাই আপনি এই মেসেজটি পেয়েছেন।',
    signature: (brand) => `${brand} সাপোর্ট`,
  },
};

export interface MessageSettings {
  brandName: string;
  /** Base of the link to the ticket, when the desk is reachable from outside. */
  publicUrl: string | undefined;
}

/** Where a signed-in issuer reads the ticket; null without PUBLIC_URL. */
export function ticketLink(settings: MessageSettings, ticketId: number): string | null {
  if (!settings.publicUrl) return null;
  return `${settings.publicUrl.replace(/\/+$/, '')}/view-ticket?id=${ticketId}`;
}

/** The SMS to the issuer's number (an account holder, who can open the link after signing in). */
export function issuerSms(settings: MessageSettings, ticketId: number, event: IssuerEvent, language: Language): string {
  const link = ticketLink(settings, ticketId);
  const sentence = WORDS[language].sms(settings.brandName, ticketId, event);
  return link ? `${sentence} ${link}` : sentence;
}

/**
 * The e-mail to the address of a public-form ticket. Its submitter has no account to open the
 * ticket with, so the mail carries no link; the ticket number is what they quote when they call.
 */
export function issuerMail(
  settings: MessageSettings,
  to: string,
  ticketId: number,
  event: IssuerEvent,
  language: Language,
): MailMessage {
  const { brandName } = settings;
  const words = WORDS[language];
  return {
    to,
    subject: words.subject(brandName, ticketId, event),
    text: [
      words.greeting,
      '',
      words.told(brandName, ticketId, event),
      '',
      words.next[event],
      '',
      words.why,
      '',
      words.signature(brandName),
    ].join('\n'),
  };
}
