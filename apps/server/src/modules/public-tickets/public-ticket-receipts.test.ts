/**
 * E-mail receipts of public tickets, delivered to a real SMTP peer (smtp-server on 127.0.0.1, a
 * random port): one that accepts, one that refuses for good, one that refuses for a while.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { IssueTicketReply } from '@switchboard/shared';
import { tickets } from '../../db/schema.ts';
import { createMailer } from '../../lib/mailer.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { solveCaptcha } from '../../../test/factories.ts';
import { buildGroup, ticketBody } from '../../../test/ticket-factories.ts';
import { createReceiptMailer } from './receipt-mailer.ts';

interface Delivered {
  from: string;
  to: string[];
  raw: string;
}

interface SmtpPeer {
  url: string;
  /** Messages accepted, in order. */
  delivered: Delivered[];
  /** RCPT TO commands seen, accepted or not. */
  attempts: number;
  close(): Promise<void>;
}

/**
 * An SMTP server for one test file. `refusalOf(attempt)` gives the reply code that refuses the
 * recipient of the n-th attempt (1-based), or null to accept it.
 */
async function startSmtpPeer(refusalOf: (attempt: number) => number | null = () => null): Promise<SmtpPeer> {
  const peer: SmtpPeer = { url: '', delivered: [], attempts: 0, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    // The peer has no certificate a client would trust; the test talks plain SMTP on loopback.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      peer.attempts += 1;
      const code = refusalOf(peer.attempts);
      if (code === null) return callback();
      callback(Object.assign(new Error(code >= 500 ? 'No such mailbox here' : 'Try again later'), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        peer.delivered.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  peer.close = () => new Promise<void>((resolve) => server.close(resolve));
  return peer;
}

/** Log lines of an app or mailer, as JSON objects. */
function logCollector() {
  const lines: { level: number; msg: string; [field: string]: unknown }[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

const accepting = await startSmtpPeer();
const refusing = await startSmtpPeer(() => 550);
afterAll(async () => {
  await accepting.close();
  await refusing.close();
});

const TITLE = 'Please call me about the fibre cut';

async function submitPublicTicket(ctx: Parameters<Parameters<typeof describeWithApp>[1]>[0], clientEmail: string) {
  const group = await buildGroup(ctx.db);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/issue-ticket/public',
    payload: { ...ticketBody(group, { title: TITLE }), client_email: clientEmail, token: await solveCaptcha(ctx.app) },
  });
}

describeWithApp(
  'e-mail receipts of public tickets',
  (ctx) => {
    it('mails the submitter a receipt with the ticket number from the configured sender', async () => {
      const reply = await submitPublicTicket(ctx, 'nasrin@example.com');
      expect(reply.statusCode).toBe(201);
      const ticketId = reply.json<IssueTicketReply>().data.ticket_id;

      await vi.waitFor(() => expect(accepting.delivered).toHaveLength(1), { timeout: 15_000, interval: 50 });
      const [mail] = accepting.delivered;
      expect(mail?.from).toBe('desk@isp.example');
      expect(mail?.to).toEqual(['nasrin@example.com']);
      expect(mail?.raw).toMatch(new RegExp(`^Subject: .*#${ticketId}`, 'm'));
      expect(mail?.raw).toContain(`Ticket number: ${ticketId}`);
      // Nothing the submitter typed is mailed to an address nobody verified.
      expect(mail?.raw).not.toContain(TITLE);
    });
  },
  { env: { SMTP_URL: accepting.url, MAIL_FROM: 'ISP Support <desk@isp.example>' } },
);

const refusedLog = logCollector();

describeWithApp(
  'a mail server that refuses the receipt',
  (ctx) => {
    it('keeps the ticket, answers as usual and logs the refusal', async () => {
      const reply = await submitPublicTicket(ctx, 'nobody@example.com');
      expect(reply.statusCode).toBe(201);
      const ticketId = reply.json<IssueTicketReply>().data.ticket_id;
      const [row] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
      expect(row?.clientEmail).toBe('nobody@example.com');

      await vi.waitFor(
        () =>
          expect(
            refusedLog.lines.some(
              (line) => line.msg.startsWith('receipt e-mail could not be sent') && line.ticket_id === ticketId,
            ),
          ).toBe(true),
        { timeout: 15_000, interval: 50 },
      );
      // A mailbox refused for good is not asked again.
      expect(refusing.attempts).toBe(1);
      expect(refusing.delivered).toHaveLength(0);
    });
  },
  { env: { SMTP_URL: refusing.url }, logger: { level: 'warn', stream: refusedLog.stream } },
);

describe('the receipt mailer', () => {
  const receiptMailerFor = (peer: SmtpPeer, log: ReturnType<typeof logCollector>) => {
    const mailer = createMailer({ smtpUrl: peer.url, mailFrom: 'desk@isp.example' });
    if (!mailer) throw new Error('no mailer');
    return createReceiptMailer({
      mailer,
      log: pino({ level: 'info' }, log.stream),
      brandName: 'Switchboard',
      retryDelaysMs: [20, 20],
    });
  };

  it('retries a temporary refusal in the background and delivers on a later attempt', async () => {
    const peer = await startSmtpPeer((attempt) => (attempt === 1 ? 451 : null));
    const log = logCollector();
    const receipts = receiptMailerFor(peer, log);
    try {
      receipts.sendReceipt({ to: 'later@example.com', ticketId: 100042 });
      await vi.waitFor(() => expect(peer.delivered).toHaveLength(1), { timeout: 15_000, interval: 20 });
      expect(peer.attempts).toBe(2);
      expect(log.lines.map((line) => line.msg)).toEqual(['receipt e-mail failed; retrying later', 'receipt e-mail sent']);
    } finally {
      await receipts.close();
      await peer.close();
    }
  });

  it('gives up after two retries and logs it', async () => {
    const peer = await startSmtpPeer(() => 421);
    const log = logCollector();
    const receipts = receiptMailerFor(peer, log);
    try {
      receipts.sendReceipt({ to: 'busy@example.com', ticketId: 100043 });
      await vi.waitFor(() => expect(log.lines.at(-1)?.msg).toBe('receipt e-mail could not be sent; the ticket is stored'), {
        timeout: 15_000,
        interval: 20,
      });
      expect(peer.attempts).toBe(3);
      expect(peer.delivered).toHaveLength(0);
    } finally {
      await receipts.close();
      await peer.close();
    }
  });

  it('cancels a waiting retry when the app shuts down', async () => {
    const peer = await startSmtpPeer(() => 451);
    const log = logCollector();
    const mailer = createMailer({ smtpUrl: peer.url, mailFrom: 'desk@isp.example' });
    if (!mailer) throw new Error('no mailer');
    const receipts = createReceiptMailer({
      mailer,
      log: pino({ level: 'info' }, log.stream),
      brandName: 'Switchboard',
      retryDelaysMs: [60_000],
    });
    try {
      receipts.sendReceipt({ to: 'shutdown@example.com', ticketId: 100044 });
      await vi.waitFor(() => expect(log.lines.map((line) => line.msg)).toContain('receipt e-mail failed; retrying later'), {
        timeout: 15_000,
        interval: 20,
      });
      await receipts.close();
      expect(peer.attempts).toBe(1);
    } finally {
      await peer.close();
    }
  });
});
