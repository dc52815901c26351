/**
 * The mail reader's own session (DESIGN.md §24), started with the app: new mail is filed as it
 * arrives (IDLE), the channel says when the session was last alive, and a session that cannot
 * sign in leaves its error (never the password) while the desk goes on.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeWithApp } from '../../../test/harness.ts';
import { startDovecot } from '../../../test/peers/dovecot-peer.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { customerAddress, mailChannelState, rawMail, ticketsOfAddress } from './mail-peer.test-support.ts';

const dovecot = await startDovecot();
afterAll(() => dovecot.stop());

describeWithApp(
  'the mail reader started with the app',
  (ctx) => {
    beforeAll(async () => {
      await buildGroup(ctx.db);
    });

    it('files a mail as it arrives, long before the next poll, and says the session is alive', async () => {
      const address = customerAddress();
      await vi.waitFor(async () => expect((await mailChannelState(ctx.db))?.seenAt).toBeInstanceOf(Date), { timeout: 10_000 });
      // Let the session settle into IDLE (it starts after a second without commands).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await dovecot.append(rawMail({ from: address, subject: 'Arrived just now', text: 'Hello' }));
      await vi.waitFor(async () => expect(await ticketsOfAddress(ctx.db, address)).toHaveLength(1), { timeout: 10_000 });
      await vi.waitFor(async () => expect(await dovecot.list('INBOX')).toEqual([]), { timeout: 5_000 });
      expect((await mailChannelState(ctx.db))?.lastError).toBeNull();
    }, 30_000);

    it('opens the session again after the server dropped it, and says what happened meanwhile', async () => {
      await dovecot.restart();
      await vi.waitFor(async () => expect((await mailChannelState(ctx.db))?.lastError).toBeTruthy(), { timeout: 10_000 });
      const address = customerAddress();
      await dovecot.append(rawMail({ from: address, subject: 'After the restart', text: 'Hello again' }));
      // The first wait is a second, the next two: the mail is in within a few seconds, without a poll.
      await vi.waitFor(async () => expect(await ticketsOfAddress(ctx.db, address)).toHaveLength(1), { timeout: 15_000 });
    }, 30_000);
  },
  // A poll once an hour: only IDLE can bring the mail in time.
  { env: { IMAP_URL: dovecot.url, IMAP_POLL_MS: '3600000' } },
);

const WRONG_PASSWORD = 'not-the-mailbox-password';

describeWithApp(
  'a mailbox the reader cannot sign in to',
  (ctx) => {
    it('records the error without the password, and the desk answers as usual', async () => {
      await vi.waitFor(async () => expect((await mailChannelState(ctx.db))?.lastError).toBeTruthy(), { timeout: 15_000 });
      const state = await mailChannelState(ctx.db);
      expect(state?.lastErrorAt).toBeInstanceOf(Date);
      expect(state?.lastError).not.toContain(WRONG_PASSWORD);
      expect(state?.seenAt ?? null).toBeNull();
      expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    }, 20_000);
  },
  { env: { IMAP_URL: dovecot.url.replace('mailbox-secret', WRONG_PASSWORD) } },
);
