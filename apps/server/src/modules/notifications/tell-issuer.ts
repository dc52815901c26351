/**
 * Telling a ticket's issuer (DESIGN.md §13). Called inside the transaction of the change that
 * causes the message, so the message is stored exactly when the change is: a rollback takes it
 * back, a crash after the commit cannot lose it. The outbox worker sends it.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { receiptMessage } from '../public-tickets/receipt-mailer.ts';
import { issuerMail, issuerSms, type IssuerEvent } from './issuer-messages.ts';
import { hasReplyMessageSince, insertOutboxMessages, lockTicketRow, type NewOutboxRow } from './notifications.repository.ts';
import { wakeOutboxWorkers } from './outbox-wake.ts';

/** At most one reply message per ticket in this time; a resolve is always told. */
export const REPLY_THROTTLE_MS = 10 * 60_000;

/** The settings tellIssuer reads; the app's Config has them all. */
export type TellSettings = Pick<Config, 'brandName' | 'publicUrl' | 'smtpUrl' | 'notify'>;

/** The fields of a ticket row that say whom to tell. */
export interface TicketToTell {
  ticketId: number;
  /** The account's number (null for the public form). */
  issuerNumber: string | null;
  /** The public form's address (null otherwise). */
  clientEmail: string | null;
}

/**
 * Writes the messages that tell the issuer of `ticket` that it has a new reply or was resolved:
 * an SMS to the issuer's number and an e-mail to the public form's address, as NOTIFY_ISSUERS
 * allows. A reply is told at most once per ticket per 10 minutes. Without SMTP no e-mail is
 * written at all (it could never leave). Call it inside the transaction of the change, with any
 * Db or transaction, once per ticket (an incident resolves many: call it for each).
 */
export async function tellIssuer(db: Db, settings: TellSettings, ticket: TicketToTell, event: IssuerEvent): Promise<void> {
  const rows: NewOutboxRow[] = [];
  const channels = settings.notify.channels;
  if (ticket.issuerNumber && channels.includes('sms')) {
    rows.push({
      channel: 'sms',
      kind: event,
      recipient: ticket.issuerNumber,
      body: issuerSms(settings, ticket.ticketId, event),
      ticketId: ticket.ticketId,
    });
  }
  if (ticket.clientEmail && settings.smtpUrl && channels.includes('email')) {
    const mail = issuerMail(settings, ticket.clientEmail, ticket.ticketId, event);
    rows.push({
      channel: 'email',
      kind: event,
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      ticketId: ticket.ticketId,
    });
  }
  if (rows.length === 0) return;
  if (event === 'reply') {
    await lockTicketRow(db, ticket.ticketId);
    if (await hasReplyMessageSince(db, ticket.ticketId, new Date(Date.now() - REPLY_THROTTLE_MS))) return;
  }
  await insertOutboxMessages(db, rows);
  wakeOutboxWorkers();
}

/**
 * Writes the e-mail receipt of a public-form ticket (when SMTP is configured), in the ticket's
 * transaction. The receipt is the answer to the form, not news of the ticket, so NOTIFY_ISSUERS
 * leaves it alone.
 */
export async function tellReceipt(
  db: Db,
  settings: Pick<Config, 'brandName' | 'smtpUrl'>,
  ticket: { ticketId: number; clientEmail: string },
): Promise<void> {
  if (!settings.smtpUrl) return;
  const mail = receiptMessage(settings.brandName, { to: ticket.clientEmail, ticketId: ticket.ticketId });
  await insertOutboxMessages(db, [
    { channel: 'email', kind: 'receipt', recipient: mail.to, subject: mail.subject, body: mail.text, ticketId: ticket.ticketId },
  ]);
  wakeOutboxWorkers();
}
