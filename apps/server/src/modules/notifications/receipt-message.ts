/**
 * The e-mail receipt of a public ticket. It is written to the outbox in the ticket's transaction
 * (tell-issuer.ts) and sent by the outbox worker: a slow or refusing SMTP server never
 * delays the reply, and neither a retry nor a restart loses it.
 */
import type { Language } from '@switchboard/shared';
import type { MailMessage } from '../../lib/mailer.ts';

export interface Receipt {
  to: string;
  ticketId: number;
  /** The language the form was filled in. */
  language: Language;
}

/** The receipt's words in each language; the ticket id keeps Latin digits in both. */
const RECEIPT_WORDS: Record<Language, (brand: string, id: number) => { subject: string; lines: string[] }> = {
  en: (brand, id) => ({
    subject: `${brand} support: we received your ticket #${id}`,
    lines: [
      'Hello,',
      `Thank you for contacting ${brand} support. We have received your ticket.`,
      `Ticket number: ${id}`,
      'Our support team will contact you soon. Please mention the ticket number whenever you contact us about this problem.',
      'You receive this message because this address was entered on our support form. If that was not you, please ignore it.',
      `${brand} support`,
    ],
  }),
  bn: (brand, id) => ({
    subject: `${brand} সাপোর্ট: আপনার টিকিট ${id} আমরা পেয়েছি`,
    lines: [
      'প্রিয় গ্রাহক,',
      `${brand} সাপোর্টে যোগাযোগ করার জন্য ধন্যবাদ। আপনার টিকিটটি আমরা পেয়েছি।`,
      `টিকিট নম্বর: ${id}`,
      'আমাদের সাপোর্ট টিম শীঘ্রই আপনার সাথে যোগাযোগ করবে। এই সমস্যা নিয়ে যখনই যোগাযোগ করবেন, টিকিট নম্বরটি উল্লেখ করবেন।',
      'আমাদের সাপোর্ট ফর্মে এই ই-মেইল ঠিকানাটি দেওয়া হয়েছিল, তাই আপনি এই মেসেজটি পেয়েছেন। এটি আপনি না হলে মেসেজটি উপেক্ষা করুন।',
      `${brand} সাপোর্ট`,
    ],
  }),
};

/**
 * The receipt's words, in the form's language. The address was typed by somebody nobody verified,
 * so the message carries no text the submitter chose (title, description): otherwise the form
 * would mail any text to any address.
 */
export function receiptMessage(brandName: string, receipt: Receipt): MailMessage {
  const { subject, lines } = RECEIPT_WORDS[receipt.language](brandName, receipt.ticketId);
  // One blank line between paragraphs.
  return { to: receipt.to, subject, text: lines.join('\n\n') };
}
