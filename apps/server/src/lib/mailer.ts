/**
 * Outgoing e-mail over SMTP (nodemailer). Mail is optional: without SMTP_URL there is no mailer and
 * the product works the same, minus the messages.
 */
import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text only: nothing a submitter typed can turn into markup in somebody's mail client. */
  text: string;
  /** The `Message-ID` to send it with, without brackets: a reply's In-Reply-To names it. */
  messageId?: string;
}

export interface Mailer {
  /** Resolves once the SMTP server has accepted the message; rejects with the server's refusal. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address customers answer to (MAIL_REPLY_TO); unset: MAIL_FROM's. */
  replyTo?: string | undefined;
}

/** The domain of MAIL_FROM (`ISP Support <desk@isp.example>` → `isp.example`), for our Message-IDs. */
export function mailDomainOf(mailFrom: string): string {
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return /^[a-z0-9.-]+$/.test(domain) && domain !== '' ? domain : 'localhost';
}

/** A stuck SMTP server must not keep connections (and retries) open for minutes. */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** The mailer of the configuration, or null when SMTP is not configured. */
export function createMailer(settings: MailSettings): Mailer | null {
  if (!settings.smtpUrl) return null;
  const transport = createTransport(
    {
      url: settings.smtpUrl,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: CONNECTION_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    },
    // Every answer goes to the support address, which the desk reads when IMAP_URL is set; the
    // notices are machine-written (RFC 3834), so that auto-responders leave them unanswered.
    {
      from: settings.mailFrom,
      replyTo: settings.replyTo ?? settings.mailFrom,
      headers: { 'Auto-Submitted': 'auto-generated' },
    },
  );
  return {
    send: async ({ messageId, ...message }) => {
      await transport.sendMail({ ...message, ...(messageId ? { messageId: `<${messageId}>` } : {}) });
    },
    close: () => transport.close(),
  };
}

/**
 * Whether a failed send may succeed later: connection trouble and 4xx replies are temporary, a 5xx
 * reply (unknown mailbox, refused sender) will be the same next time.
 */
export function isTemporaryMailFailure(error: unknown): boolean {
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof responseCode !== 'number' || responseCode < 500;
}

/** What went wrong, in one line: the error code, the SMTP reply code and the reply text. */
export function describeSendFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return [typeof code === 'string' ? code : null, typeof responseCode === 'number' ? `SMTP ${responseCode}` : null, error.message]
    .filter(Boolean)
    .join(': ');
}
