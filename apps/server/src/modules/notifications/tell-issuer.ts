/**
 * Telling a ticket's issuer (DESIGN.md §13). Called inside the transaction of the change that
 * causes the message, so the message is stored exactly when the change is: a rollback takes it
 * back, a crash after the commit cannot lose it. The outbox worker sends it.
 */
import type { Language } from '@switchboard/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { issuerMail, issuerSms, type IssuerEvent, type IssuerEventValues } from './issuer-messages.ts';
import { insertOutboxMessages, type NewOutboxRow } from './notifications.repository.ts';
import type { OutboxBell } from './outbox-bell.ts';
import { receiptMessage } from './receipt-message.ts';
import { findUserLanguage } from './user-language.repository.ts';

/** The settings the messages are written from, and the bell that wakes the outbox workers. */
export type TellSettings = Pick<Config, 'brandName' | 'publicUrl' | 'smtpUrl' | 'notify' | 'channels'> & {
  outbox: Pick<OutboxBell, 'ring'>;
};

/** Whether the desk reads its mailbox, so that a mail may ask for an answer by mail. */
function repliesByMail(settings: Pick<Config, 'channels'>): boolean {
  return settings.channels.mail.imap !== null;
}

/** The fields of a ticket row that say whom to tell, and in which language. */
export interface TicketToTell {
  ticketId: number;
  /** The account that raised it (null for the public form). */
  issuerUserId: string | null;
  /** The account's number (null for the public form). */
  issuerNumber: string | null;
  /** The public form's address (null otherwise). */
  clientEmail: string | null;
  /** The language the ticket was raised in. */
  issuerLanguage: Language;
  /** The account's current language, when the caller read it with the ticket (it is read here otherwise). */
  issuerAccountLanguage?: Language | null;
}

/**
 * The language to tell the issuer in: an account holder's current one (the language they last
 * signed in, raised a ticket or commented in, read now, not when the ticket was raised); the
 * public form's, which has no account, is the language the form was filled in.
 */
export async function languageToTell(db: Db, ticket: TicketToTell): Promise<Language> {
  if (ticket.issuerUserId === null) return ticket.issuerLanguage;
  const current = ticket.issuerAccountLanguage ?? (await findUserLanguage(db, ticket.issuerUserId));
  return current ?? ticket.issuerLanguage;
}

/** Where NOTIFY_ISSUERS (and SMTP, for e-mail) lets the issuer of `ticket` be told: null where not. */
export function addressesOf(
  settings: Pick<TellSettings, 'notify' | 'smtpUrl'>,
  ticket: TicketToTell,
): { smsTo: string | null; mailTo: string | null } {
  const channels = settings.notify.channels;
  return {
    smsTo: channels.includes('sms') ? ticket.issuerNumber : null,
    mailTo: settings.smtpUrl && channels.includes('email') ? ticket.clientEmail : null,
  };
}

/**
 * The messages that tell the issuer of `ticket` of `event` in `language`: an SMS to the issuer's
 * number and an e-mail to the public form's address, as NOTIFY_ISSUERS allows; none at all
 * without a channel. Without SMTP no e-mail is written at all (it could never leave).
 */
function issuerMessages(
  settings: TellSettings,
  ticket: TicketToTell,
  event: IssuerEvent,
  language: Language,
  more: IssuerEventValues = {},
): NewOutboxRow[] {
  const { smsTo, mailTo } = addressesOf(settings, ticket);
  const rows: NewOutboxRow[] = [];
  if (smsTo) {
    rows.push({
      channel: 'sms',
      kind: event,
      recipient: smsTo,
      body: issuerSms(settings, ticket.ticketId, event, language, more),
      ticketId: ticket.ticketId,
    });
  }
  if (mailTo) {
    const mail = issuerMail(
      { ...settings, repliesByMail: repliesByMail(settings) },
      mailTo,
      ticket.ticketId,
      event,
      language,
      more,
    );
    rows.push({
      channel: 'email',
      kind: event,
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      ticketId: ticket.ticketId,
    });
  }
  return rows;
}

/**
 * The messages that would tell the issuer of a reply on `ticket`, read with its account's
 * language (as `findTicketWithIssuer` reads it). The comment's own statement writes them, unless
 * the reply throttle holds them back (`insertCommentWithTrail`): a reply is told at most once per
 * ticket per REPLY_THROTTLE_MS (notifications.repository.ts).
 */
export function replyMessages(settings: TellSettings, ticket: TicketToTell & { issuerAccountLanguage: Language | null }) {
  return issuerMessages(settings, ticket, 'reply', ticket.issuerAccountLanguage ?? ticket.issuerLanguage);
}

/**
 * Writes the messages that tell the issuer of `ticket` that it was resolved, in the issuer's
 * language. Call it inside the transaction of the change, with any Db or transaction, once per
 * ticket (an incident resolves many: call it for each).
 */
export async function tellResolved(db: Db, settings: TellSettings, ticket: TicketToTell): Promise<void> {
  const { smsTo, mailTo } = addressesOf(settings, ticket);
  if (!smsTo && !mailTo) return;
  await insertOutboxMessages(db, issuerMessages(settings, ticket, 'resolved', await languageToTell(db, ticket)));
  settings.outbox.ring();
}

/**
 * Writes the messages that tell the issuer of `ticket` that it was merged into ticket `into`
 * (DESIGN.md §27), once, in the issuer's language, inside the merge's transaction. A merge is no
 * resolve: nobody asks how it went.
 */
export async function tellMerged(db: Db, settings: TellSettings, ticket: TicketToTell, into: number): Promise<void> {
  const { smsTo, mailTo } = addressesOf(settings, ticket);
  if (!smsTo && !mailTo) return;
  await insertOutboxMessages(db, issuerMessages(settings, ticket, 'merged', await languageToTell(db, ticket), { into }));
  settings.outbox.ring();
}

/**
 * Writes the e-mail receipt of a public-form ticket (when SMTP is configured) in the language the
 * form was filled in, in the ticket's transaction. The receipt is the answer to the form, not news
 * of the ticket, so NOTIFY_ISSUERS leaves it alone.
 */
export async function tellReceipt(
  db: Db,
  settings: Pick<Config, 'brandName' | 'smtpUrl' | 'channels'> & { outbox: Pick<OutboxBell, 'ring'> },
  ticket: { ticketId: number; clientEmail: string; language: Language },
): Promise<void> {
  if (!settings.smtpUrl) return;
  const mail = receiptMessage(settings.brandName, {
    to: ticket.clientEmail,
    ticketId: ticket.ticketId,
    language: ticket.language,
    repliesByMail: repliesByMail(settings),
  });
  await insertOutboxMessages(db, [
    { channel: 'email', kind: 'receipt', recipient: mail.to, subject: mail.subject, body: mail.text, ticketId: ticket.ticketId },
  ]);
  settings.outbox.ring();
}
