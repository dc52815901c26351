/**
 * The e-mail receipt of a public ticket. It is written to the outbox in the ticket's transaction
 * (notifications/tell-issuer.ts) and sent by the outbox worker: a slow or refusing SMTP server never
 * delays the reply, and neither a retry nor a restart loses it.
 */
import type { MailMessage } from '../../lib/mailer.ts';

export interface Receipt {
  to: string;
  ticketId: number;
}

/**
 * The receipt's words. The address was typed by somebody nobody verified, so the message carries
 * no text the submitter chose (title, description): otherwise the form would mail any text to any
 * address.
 */
export function receiptMessage(brandName: string, receipt: Receipt): MailMessage {
  return {
    to: receipt.to,
    subject: `${brandName} support: we received your ticket #${receipt.ticketId}`,
    text: [
      'Hello,',
      '',
      `Thank you for contacting ${brandName} support. We have received your ticket.`,
      '',
      `Ticket number: ${receipt.ticketId}`,
      '',
      'Our support team will contact you soon. Please mention the ticket number whenever you contact us about this problem.',
      '',
      'You receive this message because this address was entered on our support form. If that was not you, please ignore it.',
      '',
      `${brandName} support`,
    ].join('\n'),
  };
}
