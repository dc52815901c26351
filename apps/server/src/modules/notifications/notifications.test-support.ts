/** Peers and reads shared by the outbox tests: a real SMTP server, a loopback SMS gateway, the rows. */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import type { SmsPurpose, SmsSender } from '../../lib/sms.ts';

/** The outbox rows of a ticket, oldest first. */
export function outboxOf(db: Db, ticketId: number) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.ticketId, ticketId))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.kind));
}

/** An SMS driver that records what it is asked to send (and never fails). */
export function recordingSms(): SmsSender & { sent: { to: string; text: string; purpose: SmsPurpose | undefined }[] } {
  const sent: { to: string; text: string; purpose: SmsPurpose | undefined }[] = [];
  return {
    sent,
    send: async (to, text, options) => void sent.push({ to, text, purpose: options?.purpose }),
    outbox: () => [],
  };
}

export interface Delivered {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  url: string;
  /** Messages accepted, in order. */
  delivered: Delivered[];
  /** RCPT TO commands seen, accepted or not. */
  attempts: number;
  close(): Promise<void>;
}

/**
 * An SMTP server on 127.0.0.1 and a random port. `refusalOf(attempt)` gives the reply code that
 * refuses the recipient of the n-th attempt (1-based), or null to accept it.
 */
export async function startSmtpPeer(refusalOf: (attempt: number) => number | null = () => null): Promise<SmtpPeer> {
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

export type GatewayMode = 'ok' | 'fail' | 'silent' | 'slow';

export interface SmsGateway {
  /** `SMS_HTTP_URL` for the gateway: GET with `to`, `text` and the message's reference `ref` in the query. */
  url: string;
  mode: GatewayMode;
  /** Calls seen, in any mode. */
  calls: number;
  /** The reference of every call, in any mode, in order. */
  references: string[];
  /** Messages accepted (answered 200), in order. */
  delivered: { to: string; text: string }[];
  close(): Promise<void>;
}

/**
 * A loopback HTTP SMS gateway: `ok` accepts, `fail` answers 503, `silent` never answers, `slow`
 * accepts after 300 ms. A message counts as delivered only when the gateway answered 200; then
 * `onAccepted` hears of it with its reference, as a gateway's delivery report would (DESIGN.md §24).
 */
export async function startSmsGateway(
  mode: GatewayMode = 'ok',
  onAccepted?: (message: { to: string; text: string; reference: string }) => void,
): Promise<SmsGateway> {
  const held: ServerResponse[] = [];
  const gateway: SmsGateway = { url: '', mode, calls: 0, references: [], delivered: [], close: async () => undefined };
  const server = createServer((request, response) => {
    gateway.calls += 1;
    const query = new URL(request.url ?? '/', 'http://gateway').searchParams;
    gateway.references.push(query.get('ref') ?? '');
    const message = { to: query.get('to') ?? '', text: query.get('text') ?? '' };
    const accept = () => {
      if (response.destroyed) return;
      gateway.delivered.push(message);
      response.writeHead(200).end('{"status":"sent"}');
      onAccepted?.({ ...message, reference: query.get('ref') ?? '' });
    };
    if (gateway.mode === 'fail') response.writeHead(503).end('{"status":"busy"}');
    else if (gateway.mode === 'silent') held.push(response);
    else if (gateway.mode === 'slow') setTimeout(accept, 300);
    else accept();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send?to={to}&text={text}&ref={id}`;
  gateway.close = () =>
    new Promise<void>((resolve) => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return gateway;
}
