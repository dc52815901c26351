/**
 * What an inbound e-mail says, read with a maintained MIME parser (mailparser) and reply parser
 * (email-reply-parser): its sender, the tickets it may answer, its own words as plain text (the
 * quoted history and signature cut, HTML turned into text) and its attachments; or why it is never
 * filed nor answered (DESIGN.md §24). Nothing here touches the database.
 */
import EmailReplyParser from 'email-reply-parser';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { COMMENT_MAX_LENGTH, type Language } from '@switchboard/shared';

/** A mail with more MIME parts than this (a "MIME bomb": thousands of parts, deep nesting) is refused unread. */
export const MAX_MIME_PARTS = 100;
/** More hops than this: the mail is going round in circles. */
const MAX_RECEIVED_HEADERS = 30;
/** The words a comment or description keeps; the rest of a very long mail is cut. */
const TEXT_MAX_LENGTH = COMMENT_MAX_LENGTH - 1000;
const FILE_NAME_MAX_LENGTH = 100;
/** The Message-IDs of References looked up, at most. */
const MAX_REFERENCES = 50;

export interface MailAttachment {
  name: string;
  content: Buffer;
}

export interface ReadMail {
  /** The From address, lower case. */
  sender: string;
  /** How the mail names its writer (the From name, else the address). */
  senderName: string;
  /** The subject on one line, without control characters. */
  subject: string;
  /** Message-IDs it answers (In-Reply-To, then References), without brackets. */
  answers: string[];
  /** The ticket id of `[#123456]` in the subject, if any. */
  taggedTicketId: number | null;
  /** The writer's own words, plain text. */
  text: string;
  attachments: MailAttachment[];
  /** Bangla when the words are written in Bangla script. */
  language: Language;
}

/** Why a mail is kept aside, never filed nor answered. */
export type MailSetAside = { outcome: 'ignored' | 'refused'; detail: string };

export interface MailReadSettings {
  /** Our own addresses, lower case (MAIL_FROM, MAIL_REPLY_TO): a mail from them is ours coming back. */
  ownAddresses: string[];
  /** The domain of our Message-IDs. */
  mailDomain: string;
}

/**
 * The number of MIME parts a raw mail holds at most, counted on its bytes before any parsing: its
 * Content-Type headers or its boundary lines (`--boundary`), whichever are more.
 */
export function countMimeParts(raw: Buffer): number {
  const text = raw.toString('latin1');
  return Math.max(text.match(/^content-type:/gim)?.length ?? 0, text.match(/^--\S+[ \t]*\r?$/gm)?.length ?? 0);
}

/** Reads a raw mail; a mail that is not for the desk comes back as the reason it is set aside. */
export async function readMail(raw: Buffer, settings: MailReadSettings): Promise<ReadMail | MailSetAside> {
  if (countMimeParts(raw) > MAX_MIME_PARTS) return { outcome: 'refused', detail: `more than ${MAX_MIME_PARTS} MIME parts` };
  let parsed: ParsedMail;
  try {
    // Links and HTML of the text are not wanted: the desk stores text only.
    parsed = await simpleParser(raw, { skipHtmlToText: false, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  } catch {
    return { outcome: 'refused', detail: 'unreadable MIME' };
  }
  const from = firstAddress(parsed.from);
  if (!from) return { outcome: 'refused', detail: 'no sender address' };
  const sender = from.address.toLowerCase();
  const setAside = automaticMailReason(parsed, sender, settings);
  if (setAside) return { outcome: 'ignored', detail: setAside };
  const subject = oneLine(parsed.subject ?? '');
  const text = plainText(new EmailReplyParser().parseReply(plainText(parsed.text ?? '')));
  return {
    sender,
    senderName: oneLine(from.name).slice(0, 200) || sender,
    subject,
    // A long thread's References grow with every answer: the latest ones are those of our mails.
    answers: [...idsOf(parsed.inReplyTo), ...idsOf(parsed.references).slice(-MAX_REFERENCES)],
    taggedTicketId: ticketTagOf(subject),
    text: text.length > TEXT_MAX_LENGTH ? `${text.slice(0, TEXT_MAX_LENGTH)}…` : text,
    attachments: parsed.attachments.map((attachment, index) => ({
      name: oneLine(attachment.filename ?? '').slice(0, FILE_NAME_MAX_LENGTH) || `attachment-${index + 1}`,
      content: attachment.content,
    })),
    language: /[\u0980-\u09FF]/.test(`${subject} ${text}`) ? 'bn' : 'en',
  };
}

/**
 * Why a mail was written by a machine or by ourselves (RFC 3834 and common practice): answering
 * it, or filing it as a ticket whose receipt goes back, could start a loop of mails.
 */
function automaticMailReason(parsed: ParsedMail, sender: string, settings: MailReadSettings): string | null {
  const header = (name: string) => {
    const value = parsed.headers.get(name);
    return typeof value === 'string' ? value.trim().toLowerCase() : value === undefined ? null : JSON.stringify(value);
  };
  const line = (name: string) => parsed.headerLines.filter((entry) => entry.key === name).map((entry) => entry.line);
  const autoSubmitted = header('auto-submitted');
  if (autoSubmitted !== null && !autoSubmitted.startsWith('no')) return `Auto-Submitted: ${autoSubmitted}`;
  const precedence = header('precedence');
  if (precedence !== null && ['bulk', 'list', 'junk'].includes(precedence)) return `Precedence: ${precedence}`;
  if (line('list-id').length > 0 || line('list-unsubscribe').length > 0) return 'a mailing list';
  if (/^(mailer-daemon|postmaster)@/.test(sender)) return 'a bounce (mailer-daemon)';
  if (line('content-type').some((text) => /^content-type:\s*multipart\/report/i.test(text))) return 'a bounce (multipart/report)';
  if (line('return-path').some((text) => /<\s*>/.test(text))) return 'a bounce (empty return path)';
  if (settings.ownAddresses.includes(sender)) return 'our own address';
  const ownId = new RegExp(`^<?outbox-[^@]*@${settings.mailDomain.replace(/[.]/g, '\\.')}>?$`, 'i');
  if (parsed.messageId && ownId.test(parsed.messageId)) return 'a mail loop (our own message)';
  if (line('received').length > MAX_RECEIVED_HEADERS) return 'a mail loop (too many hops)';
  return null;
}

function firstAddress(from: AddressObject | undefined): { address: string; name: string } | null {
  const entry = from?.value.find((candidate) => typeof candidate.address === 'string' && candidate.address.includes('@'));
  return entry?.address ? { address: entry.address, name: entry.name } : null;
}

/** Message-IDs of In-Reply-To or References, without brackets. */
function idsOf(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  return [...text.matchAll(/<([^<>\s]{1,500})>/g)].map((match) => match[1] ?? '').filter(Boolean);
}

/** The ticket id of `[#123456]` in a subject. */
export function ticketTagOf(subject: string): number | null {
  const match = /\[#(\d{1,15})\]/.exec(subject);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// Control characters are what a header injection is made of: none reaches a title or a name.
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text on one line: line breaks and every other control character become spaces. */
function oneLine(text: string): string {
  return text.replace(LINE_BREAKING, ' ').replace(/\s+/g, ' ').trim();
}

/** Text with `\n` line breaks and no control characters other than tabs. */
function plainText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_TAB_AND_NEWLINE, '').trim();
}
