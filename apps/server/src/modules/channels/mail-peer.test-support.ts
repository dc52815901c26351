/** Mails as a customer's mail program writes them, and the rows the mail reader leaves, for its tests. */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelStates, comments, inboundMessages, tickets } from '../../db/schema.ts';

export interface MailParts {
  from: string;
  to?: string;
  subject?: string;
  text?: string;
  html?: string;
  /** Extra header lines, as written (`Auto-Submitted: auto-replied`). */
  headers?: string[];
  attachments?: { name: string; type: string; content: Buffer }[];
}

/** Base64 in lines of 76 characters, as MIME wants it. */
function base64Lines(content: Buffer): string {
  return (content.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

/** An RFC 2047 word when the text is not plain ASCII. */
function headerText(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;
}

/** A raw mail: text and/or HTML, attachments as a multipart/mixed. */
export function rawMail(parts: MailParts): string {
  const head = [
    `From: ${parts.from}`,
    `To: ${parts.to ?? 'ISP Support <desk@isp.example>'}`,
    `Subject: ${headerText(parts.subject ?? 'Internet is down')}`,
    `Message-ID: <${randomUUID()}@customer.example>`,
    'Date: Fri, 27 Nov 2026 10:00:00 +0600',
    'MIME-Version: 1.0',
    ...(parts.headers ?? []),
  ];
  const bodies: string[] = [];
  if (parts.text !== undefined)
    bodies.push(
      `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(Buffer.from(parts.text))}`,
    );
  if (parts.html !== undefined)
    bodies.push(
      `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(Buffer.from(parts.html))}`,
    );
  for (const attachment of parts.attachments ?? [])
    bodies.push(
      `Content-Type: ${attachment.type}; name="${attachment.name}"\r\nContent-Disposition: attachment; filename="${attachment.name}"\r\n` +
        `Content-Transfer-Encoding: base64\r\n\r\n${base64Lines(attachment.content)}`,
    );
  if (bodies.length === 1) return `${head.join('\r\n')}\r\n${bodies[0]}\r\n`;
  const boundary = `b-${randomUUID()}`;
  return `${head.join('\r\n')}\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n${bodies
    .map((body) => `--${boundary}\r\n${body}\r\n`)
    .join('')}--${boundary}--\r\n`;
}

/** A unique address of one test. */
export function customerAddress(name = 'nasrin'): string {
  return `${name}-${randomUUID().slice(0, 8)}@customer.example`;
}

/** What the reader recorded of the mails of `sender`, oldest first. */
export function inboundOf(db: Db, sender: string) {
  return db.select().from(inboundMessages).where(eq(inboundMessages.sender, sender)).orderBy(asc(inboundMessages.id));
}

export function commentsOf(db: Db, ticketId: number) {
  return db.select().from(comments).where(eq(comments.ticketId, ticketId)).orderBy(asc(comments.createdAt));
}

export function ticketsOfAddress(db: Db, address: string) {
  return db.select().from(tickets).where(eq(tickets.clientEmail, address)).orderBy(asc(tickets.ticketId));
}

export async function mailChannelState(db: Db) {
  const [row] = await db.select().from(channelStates).where(eq(channelStates.channel, 'email_inbound'));
  return row;
}
