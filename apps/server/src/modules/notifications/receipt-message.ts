/**
 * The e-mail receipt of a public ticket. It is written to the outbox in the ticket's transaction
 * (tell-issuer.ts) and sent by the outbox worker: a slow or refusing SMTP server never
 * delays the reply, and neither a retry nor a restart loses it.
 */
import type { IssuerMessageKey, Language } from '@switchboard/shared';
import { say } from '../../lib/messages.ts';
import type { MailMessage } from '../../lib/mailer.ts';

export interface Receipt {
  to: string;
  ticketId: number;
  /** The language the form was filled in. */
  language: Language;
  /** Whether the desk reads its mailbox (IMAP_URL): the receipt then says a reply adds to the ticket. */
  repliesByMail?: boolean;
}

/** The receipt's paragraphs, in order. */
function paragraphsOf(receipt: Receipt): IssuerMessageKey[] {
  return [
    'issuer.greeting',
    'issuer.receiptThanks',
    'issuer.receiptNumber',
    'issuer.receiptNext',
    ...(receipt.repliesByMail ? (['issuer.mailReplyByMail'] as const) : []),
    'issuer.receiptWhy',
    'issuer.signature',
  ];
}

/**
 * The receipt's words, in the form's language. The address was typed by somebody nobody verified,
 * so the message carries no text the submitter chose (title, description): otherwise the form
 * would mail any text to any address.
 */
export function receiptMessage(brandName: string, receipt: Receipt): MailMessage {
  // The ticket id as text keeps Latin digits in every language.
  const values = { brand: brandName, id: String(receipt.ticketId) };
  const words = (key: IssuerMessageKey) => say(receipt.language, key, values);
  // One blank line between paragraphs.
  return { to: receipt.to, subject: words('issuer.receiptSubject'), text: paragraphsOf(receipt).map(words).join('\n\n') };
}
