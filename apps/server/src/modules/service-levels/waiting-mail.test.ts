/**
 * Waiting for the customer (DESIGN.md §26) ends with the issuer's answer by e-mail, read from a real
 * Dovecot as the mail reader reads any answer (DESIGN.md §24).
 */
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { startDovecot } from '../../../test/peers/dovecot-peer.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { tickets } from '../../db/schema.ts';
import { customerAddress, rawMail } from '../channels/mail-peer.test-support.ts';

const dovecot = await startDovecot();
afterAll(async () => {
  await dovecot.stop();
});

const HOUR_MS = 60 * 60_000;

describeWithApp(
  'waiting for the customer, answered by e-mail',
  (ctx) => {
    it("resumes the clock on the issuer's e-mail with the time left", async () => {
      const address = customerAddress();
      const ticket = await buildTicket(ctx.db, null, { clientEmail: address });
      const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const ask = (payload: object) =>
        ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/add-comment', headers: staff.headers, payload });
      expect((await ask({ ticket_id: ticket.ticketId, message: 'Looking into it' })).statusCode).toBe(201);
      const rowOf = async () => (await ctx.db.select().from(tickets).where(eq(tickets.ticketId, ticket.ticketId)))[0];
      const dueAt = (await rowOf())?.dueAt;
      expect((await ask({ ticket_id: ticket.ticketId, message: 'Which router?', wait_for_customer: true })).statusCode).toBe(201);
      await ctx.db
        .update(tickets)
        .set({ waitingSince: new Date(Date.now() - 5 * HOUR_MS) })
        .where(eq(tickets.ticketId, ticket.ticketId));
      await dovecot.append(rawMail({ from: `Nasrin <${address}>`, subject: `Re: [#${ticket.ticketId}]`, text: 'A TP-Link' }));
      if (!ctx.app.mailReader) throw new Error('IMAP_URL is not set');
      expect(await ctx.app.mailReader.runOnce()).toBe(1);
      const row = await rowOf();
      expect(row?.waitingSince).toBeNull();
      expect(Math.abs((row?.waitedSeconds ?? 0) - 5 * 3600)).toBeLessThan(30);
      expect(row?.dueAt?.getTime()).toBe((dueAt?.getTime() ?? 0) + (row?.waitedSeconds ?? 0) * 1000);
    });
  },
  { env: { IMAP_URL: dovecot.url, MAIL_FROM: 'ISP Support <desk@isp.example>' }, mail: { autostart: false } },
);
