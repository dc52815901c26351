/**
 * The journeys' mail server: a real SMTP peer on loopback that keeps every message it is handed,
 * and answers `GET /messages?to=<address>` on its HTTP port with those to that address, parsed
 * (subject, text), oldest first. Started by playwright.config.ts beside the desk.
 *
 * `node e2e/support/mail-sink.ts <smtp port> <http port>`
 */
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface KeptMail {
  to: string[];
  subject: string;
  text: string;
}

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) throw new Error('usage: mail-sink.ts <smtp port> <http port>');

/** At most this many are kept; the oldest go first. */
const KEPT_MAX = 2000;
const kept: KeptMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        kept.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        });
        if (kept.length > KEPT_MAX) kept.shift();
        callback();
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const to = url.searchParams.get('to')?.toLowerCase();
  const body = url.pathname === '/messages' ? kept.filter((mail) => !to || mail.to.includes(to)) : { ok: true };
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}).listen(httpPort, '127.0.0.1');
