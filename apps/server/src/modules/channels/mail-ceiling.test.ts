/**
 * A From header costs nothing to forge, so a per-sender limit alone does not hold back a flood from
 * ever new addresses: mail opens at most the public form's hourly ceiling of tickets
 * (PUBLIC_TICKETS_PER_HOUR) from all senders together (DESIGN.md §24).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/harness.ts';
import { startDovecot } from '../../../test/peers/dovecot-peer.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { customerAddress, inboundOf, rawMail, ticketsOfAddress } from './mail-peer.test-support.ts';

const dovecot = await startDovecot();
afterAll(() => dovecot.stop());

describeWithApp(
  'the ceiling of new tickets by mail',
  (ctx) => {
    beforeAll(async () => {
      await buildGroup(ctx.db);
    });

    it('opens tickets up to PUBLIC_TICKETS_PER_HOUR from all senders, then records the rest as limited', async () => {
      const senders = [customerAddress('ceiling'), customerAddress('ceiling'), customerAddress('ceiling')];
      for (const sender of senders) await dovecot.append(rawMail({ from: sender, subject: 'Down again', text: 'No internet' }));
      await ctx.app.mailReader?.runOnce();
      const outcomes = await Promise.all(senders.map(async (sender) => (await inboundOf(ctx.db, sender))[0]?.outcome));
      expect(outcomes).toEqual(['ticket', 'ticket', 'limited']);
      expect(await ticketsOfAddress(ctx.db, senders[2] ?? '')).toHaveLength(0);
      expect(await dovecot.list('INBOX')).toEqual([]);
    });
  },
  {
    env: { IMAP_URL: dovecot.url, PUBLIC_TICKETS_PER_HOUR: '2', PUBLIC_TICKET_IP_LIMIT_PER_HOUR: '100' },
    mail: { autostart: false },
  },
);
