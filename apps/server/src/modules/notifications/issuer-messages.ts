/**
 * The words of the messages to a ticket's issuer. They name the brand, the ticket and what
 * happened, never what anybody wrote: an SMS or an e-mail leaves the desk's control, and a reply
 * may hold notes meant for the ticket only.
 */
import type { MailMessage } from '../../lib/mailer.ts';

export type IssuerEvent = 'reply' | 'resolved';

const HAPPENED: Record<IssuerEvent, string> = {
  reply: 'has a new reply',
  resolved: 'was resolved',
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
export function issuerSms(settings: MessageSettings, ticketId: number, event: IssuerEvent): string {
  const link = ticketLink(settings, ticketId);
  const sentence = `${settings.brandName}: your ticket #${ticketId} ${HAPPENED[event]}.`;
  return link ? `${sentence} ${link}` : sentence;
}

/**
 * The e-mail to the address of a public-form ticket. Its submitter has no account to open the
 * ticket with, so the mail carries no link; the ticket number is what they quote when they call.
 */
export function issuerMail(settings: MessageSettings, to: string, ticketId: number, event: IssuerEvent): MailMessage {
  const { brandName } = settings;
  return {
    to,
    subject: `${brandName} support: your ticket #${ticketId} ${HAPPENED[event]}`,
    text: [
      'Hello,',
      '',
      `Your ticket #${ticketId} with ${brandName} support ${HAPPENED[event]}.`,
      '',
      event === 'resolved'
        ? 'If the problem is not solved, please contact us and mention the ticket number.'
        : 'Our support team has answered. Please contact us and mention the ticket number if you need anything more.',
      '',
      'You receive this message because this address was entered on our support form.',
      '',
      `${brandName} support`,
    ].join('\n'),
  };
}
