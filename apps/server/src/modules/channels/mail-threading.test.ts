/**
 * Answers by e-mail (DESIGN.md §24) through a real Dovecot: a reply to our mail lands on its ticket
 * (In-Reply-To, then [#id]) only from the ticket's own address; anything else opens a ticket as the
 * public form would, with its receipt; what is stored is the writer's words as plain text and
 * their images, never HTML.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { IssueTicketReply, TicketByIdReply } from '@switchboard/shared';
import { describeWithApp, type TestContext } from '../../../test/harness.ts';
import { tickets } from '../../db/schema.ts';
import { signedInAs, solveCaptcha } from '../../../test/factories.ts';
import { startDovecot } from '../../../test/peers/dovecot-peer.ts';
import { buildGroup, buildTicket, IMAGES, ticketBody } from '../../../test/ticket-factories.ts';
import { outboxOf, startSmtpPeer } from '../notifications/notifications.test-support.ts';
import { commentsOf, customerAddress, inboundOf, rawMail, ticketsOfAddress } from './mail-peer.test-support.ts';

const dovecot = await startDovecot();
const smtp = await startSmtpPeer();
afterAll(async () => {
  await dovecot.stop();
  await smtp.close();
});

const ENV = {
  IMAP_URL: dovecot.url,
  SMTP_URL: smtp.url,
  MAIL_FROM: 'ISP Support <desk@isp.example>',
  NOTIFY_ISSUERS: 'email',
  PUBLIC_TICKET_IP_LIMIT_PER_HOUR: '100',
};

/** One pass of the app's reader over the mailbox. */
function takeMails(ctx: TestContext): Promise<number> {
  if (!ctx.app.mailReader) throw new Error('IMAP_URL is not set');
  return ctx.app.mailReader.runOnce();
}

async function submitPublicTicket(ctx: TestContext, clientEmail: string): Promise<number> {
  const group = await buildGroup(ctx.db);
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/issue-ticket/public',
    payload: { ...ticketBody(group), client_email: clientEmail, token: await solveCaptcha(ctx.app) },
  });
  expect(reply.statusCode).toBe(201);
  return reply.json<IssueTicketReply>().data.ticket_id;
}

/** The Message-ID of the ticket's first mail, once the outbox has sent it. */
async function sentMessageId(ctx: TestContext, ticketId: number): Promise<string> {
  await vi.waitFor(async () => expect((await outboxOf(ctx.db, ticketId))[0]?.status).toBe('sent'), { timeout: 15_000 });
  const messageId = (await outboxOf(ctx.db, ticketId))[0]?.messageId;
  if (!messageId) throw new Error('no Message-ID stored');
  return messageId;
}

describeWithApp(
  'answers by e-mail',
  (ctx) => {
    let firstGroupId = '';
    beforeAll(async () => {
      // Named to sort first: a mail that answers no ticket opens one in the first live group.
      firstGroupId = (await buildGroup(ctx.db, { name: '0 Mail desk', subgroups: ['First', 'Second'] })).group.id;
    });

    it('files an answer to our receipt on its ticket by In-Reply-To, its quoted history cut, and moves it to the done folder', async () => {
      const address = customerAddress();
      const ticketId = await submitPublicTicket(ctx, address);
      const messageId = await sentMessageId(ctx, ticketId);
      const quoted = `It is still down.\n\nOn Fri, 27 Nov 2026 at 10:00, ISP Support <desk@isp.example> wrote:\n> We received your ticket\n> Ticket number: ${ticketId}\n`;
      await dovecot.append(
        rawMail({
          from: `Nasrin <${address.toUpperCase()}>`,
          subject: 'Re: your mail',
          text: quoted,
          headers: [`In-Reply-To: <${messageId}>`],
        }),
      );
      expect(await takeMails(ctx)).toBe(1);

      const [comment, ...others] = await commentsOf(ctx.db, ticketId);
      expect(others).toEqual([]);
      expect(comment).toMatchObject({
        message: 'It is still down.',
        source: 'email',
        commenterUserId: null,
        commenterName: 'Nasrin',
        commenterUserType: 'customer',
        isInternal: false,
      });
      const [inbound] = await inboundOf(ctx.db, address);
      expect(inbound).toMatchObject({ channel: 'email', outcome: 'comment', ticketId });
      expect(inbound?.externalId).toMatch(new RegExp(`^${await dovecot.uidValidity('INBOX')}:\\d+$`));
      // Taken, flagged and moved: the inbox is empty, the done folder holds it as seen.
      expect(await dovecot.list('INBOX')).toEqual([]);
      const done = (await dovecot.list('Switchboard')).filter((mail) => mail.raw.includes(address.toUpperCase()));
      expect(done).toHaveLength(1);
      expect(done[0]?.flags).toContain('\\Seen');
    });

    it('files an answer by [#id] in the subject and reopens the closed ticket, in its history', async () => {
      const address = customerAddress();
      const ticket = await buildTicket(ctx.db, null, { clientEmail: address, ticketStatus: 'closed' });
      await dovecot.append(
        rawMail({ from: address, subject: `Re: [#${ticket.ticketId}] resolved?`, text: 'No, it is not solved.' }),
      );
      await takeMails(ctx);
      expect((await commentsOf(ctx.db, ticket.ticketId)).map((comment) => comment.message)).toEqual(['No, it is not solved.']);
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const reply = await ctx.app.inject({ url: `/api/v1/tickets/get-ticket-by-id/${ticket.ticketId}`, headers: staff.headers });
      expect(reply.json<TicketByIdReply>().data[0]).toMatchObject({ ticket_status: 'open' });
    });

    it('never files a mail from another address on a ticket: a spoofed answer opens a ticket of its own', async () => {
      const owner = customerAddress('owner');
      const stranger = customerAddress('stranger');
      const ownerTicket = await submitPublicTicket(ctx, owner);
      const messageId = await sentMessageId(ctx, ownerTicket);
      await dovecot.append(
        rawMail({ from: stranger, subject: `Re: [#${ownerTicket}]`, text: 'Close it', headers: [`In-Reply-To: <${messageId}>`] }),
      );
      await takeMails(ctx);
      expect(await commentsOf(ctx.db, ownerTicket)).toEqual([]);
      const [own] = await ticketsOfAddress(ctx.db, stranger);
      expect(own).toMatchObject({ description: 'Close it', issuerUserType: 'customer' });
      expect((await inboundOf(ctx.db, stranger))[0]).toMatchObject({ outcome: 'ticket', ticketId: own?.ticketId });
    });

    it('opens a new ticket as the public form does, in the first live group, and mails the receipt', async () => {
      const address = customerAddress();
      await dovecot.append(
        rawMail({
          from: `Karim <${address}>`,
          subject: 'No internet since 9am',
          text: 'Please call 01711-234567 or 01711234567.',
        }),
      );
      await takeMails(ctx);
      const [ticket] = await ticketsOfAddress(ctx.db, address);
      expect(ticket).toMatchObject({
        title: 'No internet since 9am',
        description: 'Please call 01711-234567 or 01711234567.',
        problematicNumber: '8801711234567',
        issuerUserId: null,
        issuerUserType: 'customer',
        groupId: firstGroupId,
        subGroupName: 'First',
        ticketStatus: 'open',
        issuerLanguage: 'en',
      });
      if (!ticket) return;
      const receiptId = await sentMessageId(ctx, ticket.ticketId);
      const receipt = smtp.delivered.find((mail) => mail.raw.includes(receiptId));
      expect(receipt?.to).toEqual([address]);
      expect(receipt?.raw).toMatch(new RegExp(`^Subject: .*\\[#${ticket.ticketId}\\]`, 'm'));
      expect(receipt?.raw).toMatch(/^Reply-To: ISP Support <desk@isp\.example>/m);
      // The desk reads its mailbox: the receipt says an answer by mail adds to the ticket.
      expect(receipt?.raw).toContain('reply to this e-mail');
    });

    it('stores an HTML mail as plain text: its script is text nobody runs', async () => {
      const address = customerAddress();
      const html =
        '<html><body><p>Hello <b>desk</b>,</p><script>alert("owned")</script><p>my router blinks red.</p></body></html>';
      await dovecot.append(rawMail({ from: address, subject: 'Router', html }));
      await takeMails(ctx);
      const [ticket] = await ticketsOfAddress(ctx.db, address);
      expect(ticket?.description).toContain('Hello desk');
      expect(ticket?.description).toContain('my router blinks red.');
      expect(ticket?.description).not.toMatch(/[<>]/);
    });

    it('stores an image attachment, shows it on the ticket, and lists a PDF as not attached', async () => {
      const address = customerAddress();
      await dovecot.append(
        rawMail({
          from: address,
          subject: 'Screenshot',
          text: 'See the screenshot.',
          attachments: [
            { name: 'screen.png', type: 'image/png', content: IMAGES.png },
            { name: 'bill.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
            // Named as an image, but not one: sniffed, never trusted by its name.
            { name: 'fake.jpg', type: 'image/jpeg', content: Buffer.from('<svg onload="alert(1)"/>') },
          ],
        }),
      );
      await takeMails(ctx);
      const [ticket] = await ticketsOfAddress(ctx.db, address);
      expect(ticket?.attachments).toHaveLength(1);
      expect(ticket?.description).toBe('See the screenshot.\n\nNot attached: bill.pdf (not an image), fake.jpg (not an image)');
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const shown = await ctx.app.inject({ url: `/api/v1/tickets/get-ticket-by-id/${ticket?.ticketId}`, headers: staff.headers });
      const [url] = shown.json<TicketByIdReply>().data[0]?.attachments ?? [];
      expect(url).toMatch(/\/storage\/attachments\/.*\.png$/);
      const image = await ctx.app.inject({ url: new URL(url ?? '', 'http://localhost').pathname });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    });

    it("writes the note of a refused attachment on an answer in the ticket's language", async () => {
      const address = customerAddress();
      const ticket = await buildTicket(ctx.db, null, { clientEmail: address });
      await ctx.db.update(tickets).set({ issuerLanguage: 'bn' }).where(eq(tickets.ticketId, ticket.ticketId));
      await dovecot.append(
        rawMail({
          from: address,
          subject: `[#${ticket.ticketId}]`,
          text: 'বিলটি দেখুন',
          attachments: [{ name: 'bill.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n') }],
        }),
      );
      await takeMails(ctx);
      expect((await commentsOf(ctx.db, ticket.ticketId))[0]?.message).toBe('বিলটি দেখুন\n\nসংযুক্ত করা হয়নি: bill.pdf (ছবি নয়)');
    });
  },
  { env: ENV, mail: { autostart: false } },
);
