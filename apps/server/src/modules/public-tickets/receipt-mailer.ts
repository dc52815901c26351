/**
 * The e-mail receipt of a public ticket. It is sent after the ticket is stored, in the background:
 * a slow or refusing SMTP server never delays the reply and never loses the ticket. A temporary
 * failure is retried a couple of times; every failure is logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isTemporaryMailFailure, type Mailer, type MailMessage } from '../../lib/mailer.ts';

export interface Receipt {
  to: string;
  ticketId: number;
}

export interface ReceiptMailer {
  /** Starts sending the receipt and returns at once; never throws. */
  sendReceipt(receipt: Receipt): void;
  /** Cancels waiting retries and waits for the sends under way (shutdown). */
  close(): Promise<void>;
}

export interface ReceiptMailerOptions {
  mailer: Mailer;
  log: FastifyBaseLogger;
  brandName: string;
  /** Waits before the second, third... attempt; their count is the number of retries. */
  retryDelaysMs?: readonly number[];
}

/** Two retries, spread so that a mail server restarting or briefly overloaded is waited out. */
export const RECEIPT_RETRY_DELAYS_MS: readonly number[] = [30_000, 5 * 60_000];

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

export function createReceiptMailer(options: ReceiptMailerOptions): ReceiptMailer {
  const { mailer, log, brandName } = options;
  const retryDelays = options.retryDelaysMs ?? RECEIPT_RETRY_DELAYS_MS;
  const waiting = new Set<NodeJS.Timeout>();
  const sending = new Set<Promise<void>>();
  let closed = false;

  function attempt(receipt: Receipt, message: MailMessage, attemptNumber: number): void {
    const send = mailer
      .send(message)
      .then(
        () => log.info({ ticket_id: receipt.ticketId, attempt: attemptNumber }, 'receipt e-mail sent'),
        (error: unknown) => retryOrGiveUp(receipt, message, attemptNumber, error),
      )
      .finally(() => sending.delete(send));
    sending.add(send);
  }

  function retryOrGiveUp(receipt: Receipt, message: MailMessage, attemptNumber: number, error: unknown): void {
    const delay = retryDelays[attemptNumber - 1];
    const failure = { ticket_id: receipt.ticketId, attempt: attemptNumber, reason: reasonOf(error) };
    if (delay === undefined || closed || !isTemporaryMailFailure(error)) {
      log.error(failure, 'receipt e-mail could not be sent; the ticket is stored');
      return;
    }
    log.warn({ ...failure, retry_in_ms: delay }, 'receipt e-mail failed; retrying later');
    const timer = setTimeout(() => {
      waiting.delete(timer);
      attempt(receipt, message, attemptNumber + 1);
    }, delay);
    // A retry waiting for minutes must not keep the process alive on its own.
    timer.unref();
    waiting.add(timer);
  }

  return {
    sendReceipt: (receipt) => {
      if (closed) return;
      attempt(receipt, receiptMessage(brandName, receipt), 1);
    },
    close: async () => {
      closed = true;
      for (const timer of waiting) clearTimeout(timer);
      waiting.clear();
      await Promise.allSettled([...sending]);
      mailer.close();
    },
  };
}

/** What went wrong, in one log field: the error code, the SMTP reply code and the reply text. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return [typeof code === 'string' ? code : null, typeof responseCode === 'number' ? `SMTP ${responseCode}` : null, error.message]
    .filter(Boolean)
    .join(': ');
}
