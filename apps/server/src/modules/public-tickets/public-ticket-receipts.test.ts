/**
 * E-mail receipts of public tickets: written to the outbox in the ticket's transaction and sent by
 * the outbox worker to a real SMTP peer (smtp-server on 127.0.0.1, a random port): one that
 * accepts, one that refuses for good.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it, vi } from 'vitest';
import type { IssueTicketReply } from '@switchboard/shared';
import { describeWithApp, type TestContext } from '../../../test/harness.ts';
import { solveCaptcha } from '../../../test/factories.ts';
import { buildGroup, ticketBody } from '../../../test/ticket-factories.ts';
import { outboxOf, startSmtpPeer } from '../notifications/notifications.test-support.ts';
import { logLines } from '../../../test/log-lines.ts';

const accepting = await startSmtpPeer();
const refusing = await startSmtpPeer(() => 550);
afterAll(async () => {
  await accepting.close();
  await refusing.close();
});

const TITLE = 'Please call me about the fibre cut';

async function submitPublicTicket(ctx: TestContext, clientEmail: string, remoteAddress = '127.0.0.1'): Promise<number> {
  const group = await buildGroup(ctx.db);
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/issue-ticket/public',
    remoteAddress,
    payload: { ...ticketBody(group, { title: TITLE }), client_email: clientEmail, token: await solveCaptcha(ctx.app) },
  });
  expect(reply.statusCode).toBe(201);
  return reply.json<IssueTicketReply>().data.ticket_id;
}

describeWithApp(
  'e-mail receipts of public tickets',
  (ctx) => {
    it('mails the submitter a receipt with the ticket number from the configured sender, once', async () => {
      // An address of this run alone: the peer serves the runs on both databases.
      const address = `nasrin-${randomUUID().slice(0, 8)}@example.com`;
      const ticketId = await submitPublicTicket(ctx, address);
      const [row, ...others] = await outboxOf(ctx.db, ticketId);
      expect(others).toEqual([]);
      expect(row).toMatchObject({ channel: 'email', kind: 'receipt', recipient: address });

      await vi.waitFor(async () => expect((await outboxOf(ctx.db, ticketId))[0]?.status).toBe('sent'), { timeout: 15_000 });
      const mails = accepting.delivered.filter((mail) => mail.to.includes(address));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.from).toBe('desk@isp.example');
      expect(mails[0]?.raw).toMatch(new RegExp(`^Subject: .*\\[#${ticketId}\\]`, 'm'));
      // Its Message-ID is the one stored (an answer's In-Reply-To finds the ticket), answers go to the desk.
      const stored = (await outboxOf(ctx.db, ticketId))[0]?.messageId;
      expect(stored).toMatch(/^outbox-[0-9a-f-]+@isp\.example$/);
      expect(mails[0]?.raw).toContain(`Message-ID: <${stored}>`);
      expect(mails[0]?.raw).toMatch(/^Reply-To: ISP Support <desk@isp\.example>/m);
      expect(mails[0]?.raw).toContain(`Ticket number: ${ticketId}`);
      // Nothing the submitter typed is mailed to an address nobody verified.
      expect(mails[0]?.raw).not.toContain(TITLE);
    });
  },
  // The receipt answers the form: NOTIFY_ISSUERS (news of the ticket) leaves it alone.
  { env: { SMTP_URL: accepting.url, MAIL_FROM: 'ISP Support <desk@isp.example>', NOTIFY_ISSUERS: 'off' } },
);

describeWithApp(
  'a mail server that refuses the receipt',
  (ctx) => {
    it('keeps the ticket, answers as usual and keeps the failed receipt with its error', async () => {
      const ticketId = await submitPublicTicket(ctx, 'nobody@example.com');
      await vi.waitFor(async () => expect((await outboxOf(ctx.db, ticketId))[0]?.status).toBe('failed'), { timeout: 15_000 });
      const [row] = await outboxOf(ctx.db, ticketId);
      // A mailbox refused for good is not asked again.
      expect(row).toMatchObject({ attempts: 1 });
      expect(row?.lastError).toContain('SMTP 550');
      expect(refusing.delivered).toHaveLength(0);
    });
  },
  { env: { SMTP_URL: refusing.url } },
);

const { lines: receiptLog, stream: logStream } = logLines();

describeWithApp(
  'receipts to one address',
  (ctx) => {
    it('mails one address at most 3 receipts an hour, from any client; later tickets are taken without one', async () => {
      receiptLog.length = 0;
      const address = `victim-${randomUUID().slice(0, 8)}@example.com`;
      const other = `someone-${randomUUID().slice(0, 8)}@example.com`;
      // Two client addresses, the address spelled in two cases: one mailbox all the same.
      const spellings = [address, address.toUpperCase(), address, address.toUpperCase(), address, address];
      const clients = ['198.51.100.7', '198.51.100.8'];
      const ticketIds: number[] = [];
      for (const [index, spelling] of spellings.entries()) {
        ticketIds.push(await submitPublicTicket(ctx, spelling, clients[index % 2]));
      }
      const receipts = await Promise.all(ticketIds.map(async (id) => (await outboxOf(ctx.db, id)).length));
      expect(receipts).toEqual([1, 1, 1, 0, 0, 0]);
      // Each one held back is logged with its ticket, never with the address.
      const held = receiptLog.filter((line) => line.includes('without a receipt'));
      for (const id of ticketIds.slice(3)) expect(held.filter((line) => line.includes(`"ticket_id":${id},`))).toHaveLength(1);
      expect(receiptLog.join('\n').toLowerCase()).not.toContain(address.split('@')[0]);
      // Another mailbox is not held back by this one.
      const otherTicket = await submitPublicTicket(ctx, other, clients[0]);
      expect(await outboxOf(ctx.db, otherTicket)).toHaveLength(1);
    });
  },
  { env: { SMTP_URL: accepting.url, PUBLIC_TICKET_IP_LIMIT_PER_HOUR: '100' }, logger: { level: 'warn', stream: logStream } },
);

describeWithApp('public tickets without SMTP_URL', (ctx) => {
  it('writes no receipt (it could never leave)', async () => {
    const ticketId = await submitPublicTicket(ctx, 'nomail@example.com');
    expect(await outboxOf(ctx.db, ticketId)).toEqual([]);
  });
});
