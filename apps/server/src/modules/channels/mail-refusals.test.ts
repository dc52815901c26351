/**
 * What the mail reader never files nor answers, and the limits it keeps (DESIGN.md §24), through a
 * real Dovecot: machines' mail (auto-replies, bulk mail, bounces, our own mail coming back), mail
 * too large or too intricate to read, a header injection, one sender's flood; each mail taken once.
 */
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeWithApp, type TestContext } from '../../../test/harness.ts';
import { startDovecot } from '../../../test/peers/dovecot-peer.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { outboxOf, startSmtpPeer } from '../notifications/notifications.test-support.ts';
import { customerAddress, inboundOf, rawMail, ticketsOfAddress } from './mail-peer.test-support.ts';

const dovecot = await startDovecot();
const smtp = await startSmtpPeer();
afterAll(async () => {
  await dovecot.stop();
  await smtp.close();
});

function takeMails(ctx: TestContext): Promise<number> {
  if (!ctx.app.mailReader) throw new Error('IMAP_URL is not set');
  return ctx.app.mailReader.runOnce();
}

/** A mail MIME-nested `depth` deep. */
function nestedMail(from: string, depth: number): string {
  let body = 'Content-Type: text/plain\r\n\r\nthe core\r\n';
  for (let level = 0; level < depth; level++)
    body = `Content-Type: multipart/mixed; boundary="n${level}"\r\n\r\n--n${level}\r\n${body}--n${level}--\r\n`;
  return `From: ${from}\r\nSubject: nested\r\nMIME-Version: 1.0\r\n${body}`;
}

/** A mail of `count` tiny parts. */
function manyPartsMail(from: string, count: number): string {
  const parts = Array.from({ length: count }, (_, index) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${index}\r\n`).join('');
  return `From: ${from}\r\nSubject: many parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="p"\r\n\r\n${parts}--p--\r\n`;
}

describeWithApp(
  'mail the reader never files',
  (ctx) => {
    beforeAll(async () => {
      await buildGroup(ctx.db);
    });

    const automatic: [string, (from: string) => string, RegExp][] = [
      [
        'an auto-reply',
        (from) => rawMail({ from, text: 'I am away', headers: ['Auto-Submitted: auto-replied'] }),
        /Auto-Submitted/,
      ],
      ['bulk mail', (from) => rawMail({ from, text: 'Offer', headers: ['Precedence: bulk'] }), /Precedence: bulk/],
      ['a mailing list', (from) => rawMail({ from, text: 'News', headers: ['List-Id: <news.example>'] }), /mailing list/],
      [
        'a bounce',
        (from) =>
          rawMail({
            from,
            headers: ['Return-Path: <>'],
            text: 'Delivery failed',
          }),
        /bounce/,
      ],
      [
        'a report',
        (from) =>
          `From: ${from}\r\nSubject: x\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="r"\r\n\r\n--r\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--r--\r\n`,
        /multipart\/report/,
      ],
      [
        'our own mail coming back',
        (from) => rawMail({ from, text: 'x' }).replace(/^Message-ID: .*$/m, 'Message-ID: <outbox-1234@isp.example>'),
        /mail loop/,
      ],
    ];

    it.each(automatic)('records %s as ignored, files nothing and answers nothing', async (_name, mail, detail) => {
      const address = customerAddress('robot');
      await dovecot.append(mail(address));
      expect(await takeMails(ctx)).toBe(1);
      const [row] = await inboundOf(ctx.db, address);
      expect(row).toMatchObject({ outcome: 'ignored', ticketId: null });
      expect(row?.detail).toMatch(detail);
      expect(await ticketsOfAddress(ctx.db, address)).toEqual([]);
      expect(await dovecot.list('INBOX')).toEqual([]);
    });

    it('empties a mailbox of more mails than one pass takes', async () => {
      const address = customerAddress('newsletter');
      for (let index = 0; index < 205; index++)
        await dovecot.append(rawMail({ from: address, text: `Issue ${index}`, headers: ['Precedence: bulk'] }));
      expect(await takeMails(ctx)).toBe(205);
      expect(await dovecot.list('INBOX')).toEqual([]);
    }, 60_000);

    it('ignores mail from the mailer daemon and from our own address', async () => {
      await dovecot.append(rawMail({ from: 'MAILER-DAEMON@mx.customer.example', text: 'Undeliverable' }));
      await dovecot.append(rawMail({ from: 'ISP Support <Desk@isp.example>', text: 'Your ticket' }));
      await takeMails(ctx);
      expect((await inboundOf(ctx.db, 'mailer-daemon@mx.customer.example'))[0]).toMatchObject({ outcome: 'ignored' });
      expect((await inboundOf(ctx.db, 'desk@isp.example'))[0]).toMatchObject({ outcome: 'ignored', detail: 'our own address' });
    });

    it('refuses a 30 MB mail without reading it, and moves it out of the way', async () => {
      const address = customerAddress('big');
      const fetchOne = vi.spyOn(ImapFlow.prototype, 'fetchOne');
      try {
        await dovecot.append(rawMail({ from: address, text: 'x'.repeat(30 * 1024 * 1024) }));
        await takeMails(ctx);
        expect(fetchOne).not.toHaveBeenCalled();
      } finally {
        fetchOne.mockRestore();
      }
      const [row] = await inboundOf(ctx.db, address);
      expect(row).toMatchObject({ outcome: 'refused' });
      expect(row?.detail).toMatch(/larger than/);
      expect(await dovecot.list('INBOX')).toEqual([]);
    }, 60_000);

    it('refuses a MIME bomb (deep nesting, thousands of parts) within a second or so', async () => {
      const deep = customerAddress('deep');
      const wide = customerAddress('wide');
      await dovecot.append(nestedMail(deep, 2000));
      await dovecot.append(manyPartsMail(wide, 20_000));
      const started = Date.now();
      await takeMails(ctx);
      expect(Date.now() - started).toBeLessThan(5_000);
      for (const address of [deep, wide]) {
        expect((await inboundOf(ctx.db, address))[0]).toMatchObject({ outcome: 'refused', detail: 'more than 100 MIME parts' });
        expect(await ticketsOfAddress(ctx.db, address)).toEqual([]);
      }
    });

    it('keeps a header injection in the subject harmless: one line of title, a receipt to the sender only', async () => {
      const address = customerAddress('inject');
      const subject = `=?UTF-8?Q?Help=0D=0ABcc:_victim@elsewhere.example=0D=0A=0D=0Abody?=`;
      await dovecot.append(rawMail({ from: address, text: 'Hello' }).replace(/^Subject: .*$/m, `Subject: ${subject}`));
      await takeMails(ctx);
      const [ticket] = await ticketsOfAddress(ctx.db, address);
      expect(ticket?.title).toBe('Help Bcc: victim@elsewhere.example body');
      if (!ticket) return;
      await vi.waitFor(async () => expect((await outboxOf(ctx.db, ticket.ticketId))[0]?.status).toBe('sent'), {
        timeout: 15_000,
      });
      const receipt = smtp.delivered.find((mail) => mail.to.includes(address));
      expect(receipt?.to).toEqual([address]);
      expect(receipt?.raw).not.toMatch(/^Bcc:/im);
      expect(smtp.delivered.some((mail) => mail.to.includes('victim@elsewhere.example'))).toBe(false);
    });

    it('files at most INBOUND_MAIL_PER_SENDER_PER_HOUR mails of one sender; later ones are limited', async () => {
      const address = customerAddress('flood');
      for (let index = 0; index < 4; index++)
        await dovecot.append(rawMail({ from: address, subject: `Mail ${index}`, text: 'Again' }));
      await takeMails(ctx);
      expect((await inboundOf(ctx.db, address)).map((row) => row.outcome)).toEqual(['ticket', 'ticket', 'ticket', 'limited']);
      expect(await ticketsOfAddress(ctx.db, address)).toHaveLength(3);
    });

    it('takes each mail once: two readers at once, and a pass after a move that failed', async () => {
      const addresses = [customerAddress('once'), customerAddress('once'), customerAddress('once')];
      for (const address of addresses) await dovecot.append(rawMail({ from: address, text: 'Once' }));
      await Promise.all([takeMails(ctx), takeMails(ctx)]);
      for (const address of addresses) {
        expect(await ticketsOfAddress(ctx.db, address)).toHaveLength(1);
        expect(await inboundOf(ctx.db, address)).toHaveLength(1);
      }

      // Filed, but the move to the done folder fails (a dropped connection): the next pass only moves it.
      const again = customerAddress('again');
      await dovecot.append(rawMail({ from: again, text: 'Once more' }));
      const move = vi.spyOn(ImapFlow.prototype, 'messageMove').mockRejectedValueOnce(new Error('connection dropped'));
      try {
        await expect(takeMails(ctx)).rejects.toThrow('connection dropped');
      } finally {
        move.mockRestore();
      }
      expect(await dovecot.list('INBOX')).toHaveLength(1);
      await takeMails(ctx);
      expect(await ticketsOfAddress(ctx.db, again)).toHaveLength(1);
      expect(await dovecot.list('INBOX')).toEqual([]);
    });
  },
  {
    env: {
      IMAP_URL: dovecot.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ISP Support <desk@isp.example>',
      INBOUND_MAIL_PER_SENDER_PER_HOUR: '3',
      PUBLIC_TICKET_IP_LIMIT_PER_HOUR: '100',
    },
    mail: { autostart: false },
  },
);
