/**
 * The outbox worker against real peers: a loopback HTTP SMS gateway that fails, times out and
 * recovers, and a real SMTP server. Two workers with database handles of their own (two processes,
 * as far as the database can tell) race over the same messages and never send one twice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { openDatabase, type Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import { createMailer } from '../../lib/mailer.ts';
import { createEmptyDatabase, databaseKinds, openTestDatabase, type DatabaseKind } from '../../../test/test-databases.ts';
import { createHttpSms } from '../../lib/sms.ts';
import { claimDueMessage, insertOutboxMessages } from './notifications.repository.ts';
import { startSmsGateway, startSmtpPeer, type SmsGateway } from './notifications.test-support.ts';
import { createOutboxWorker, retryDelayMs, type OutboxWorker, type OutboxWorkerOptions } from './outbox-worker.ts';

const silentLog = pino({ level: 'silent' });

/** Two handles on one fresh database: on PostgreSQL two pools, as two processes would have. */
async function openTwoHandles(kind: DatabaseKind): Promise<{ first: Database; second: Database; close(): Promise<void> }> {
  if (kind === 'pglite' || !process.env.TEST_DATABASE_URL) {
    const database = await openTestDatabase('pglite');
    return { first: database, second: database, close: () => database.close() };
  }
  const empty = await createEmptyDatabase();
  const first = await openDatabase({ url: empty.url });
  const second = await openDatabase({ url: empty.url });
  return {
    first,
    second,
    close: async () => {
      await first.close();
      await second.close();
      await empty.drop();
    },
  };
}

function smsTo(number: string, text: string) {
  return { channel: 'sms' as const, kind: 'reply' as const, recipient: number, body: text };
}

for (const kind of databaseKinds()) {
  describe(`the outbox worker [${kind}]`, () => {
    let handles: Awaited<ReturnType<typeof openTwoHandles>>;
    const gateway = {} as { current: SmsGateway };
    const workers: OutboxWorker[] = [];

    beforeAll(async () => {
      handles = await openTwoHandles(kind);
      gateway.current = await startSmsGateway();
    }, 60_000);
    afterAll(async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
      await gateway.current.close();
      await handles.close();
    });

    /** A worker whose gateway calls give up after `gatewayTimeoutMs` (a slow gateway answers in 300). */
    function workerOn(database: Database, options: Partial<OutboxWorkerOptions> = {}, gatewayTimeoutMs = 150): OutboxWorker {
      const worker = createOutboxWorker({
        db: database.db,
        sms: createHttpSms({
          driver: 'http',
          url: gateway.current.url,
          method: 'GET',
          authHeader: undefined,
          body: undefined,
          timeoutMs: gatewayTimeoutMs,
        }),
        mailer: null,
        mailDomain: 'isp.example',
        log: silentLog,
        pollMs: 60_000,
        retryMs: 20,
        sendTimeoutMs: 400,
        ...options,
      });
      workers.push(worker);
      return worker;
    }

    const rowsTo = (recipient: string) =>
      handles.first.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

    const deliveriesTo = (recipient: string) => gateway.current.delivered.filter((message) => message.to === recipient);

    it('keeps a message the gateway refuses, with its error, and sends it once the gateway recovers', async () => {
      // A backoff longer than a busy machine's pass, so that no second lane retries it at once. The
      // gateway refuses at once: limits that a busy machine's pause (PGlite holds the event loop)
      // never reaches, so the attempt fails by the refusal and not by a timeout.
      const worker = workerOn(handles.first, { retryMs: 500, sendTimeoutMs: 5000 }, 5000);
      gateway.current.mode = 'fail';
      await insertOutboxMessages(handles.first.db, [smsTo('8809600000001', 'Switchboard: your ticket #1 has a new reply.')]);
      await worker.runOnce();
      let [row] = await rowsTo('8809600000001');
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMS gateway answered 503', sentAt: null });
      // Not due again before its backoff has passed.
      expect(row && row.dueAt.getTime()).toBeGreaterThan(row?.createdAt.getTime() ?? 0);

      gateway.current.mode = 'ok';
      await vi.waitFor(
        async () => {
          await worker.runOnce();
          [row] = await rowsTo('8809600000001');
          expect(row?.status).toBe('sent');
        },
        { timeout: 5000, interval: 30 },
      );
      expect(row?.attempts).toBe(2);
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(deliveriesTo('8809600000001')).toEqual([
        { to: '8809600000001', text: 'Switchboard: your ticket #1 has a new reply.' },
      ]);
    });

    it('counts a gateway that does not answer as a failed attempt and retries it', async () => {
      // Long enough for the request to reach the gateway on a busy machine before it is given up, and
      // a backoff that keeps the retry out of the first pass.
      const worker = workerOn(handles.first, { sendTimeoutMs: 2000, retryMs: 2000 }, 500);
      gateway.current.mode = 'silent';
      await insertOutboxMessages(handles.first.db, [smsTo('8809600000002', 'timeout test')]);
      await worker.runOnce();
      const [timedOut] = await rowsTo('8809600000002');
      expect(timedOut).toMatchObject({ status: 'pending', attempts: 1 });
      expect(timedOut?.lastError).toMatch(/timeout|aborted/i);
      gateway.current.mode = 'ok';
      await vi.waitFor(
        async () => {
          await worker.runOnce();
          expect((await rowsTo('8809600000002'))[0]?.status).toBe('sent');
        },
        { timeout: 5000, interval: 30 },
      );
      expect(deliveriesTo('8809600000002')).toHaveLength(1);
      // Both sends were the one message: a gateway that refuses a repeated reference sends it once.
      const reference = `outbox-${timedOut?.id}`;
      expect(gateway.current.references.filter((sent) => sent === reference)).toHaveLength(2);
    });

    it('gives a message up after the last attempt and keeps its last error and attempt count', async () => {
      const worker = workerOn(handles.first, { maxAttempts: 3, retryMs: 10, sendTimeoutMs: 5000 }, 5000);
      gateway.current.mode = 'fail';
      await insertOutboxMessages(handles.first.db, [smsTo('8809600000003', 'never arrives')]);
      await vi.waitFor(
        async () => {
          await worker.runOnce();
          expect((await rowsTo('8809600000003'))[0]?.status).toBe('failed');
        },
        { timeout: 5000, interval: 20 },
      );
      expect((await rowsTo('8809600000003'))[0]).toMatchObject({
        attempts: 3,
        lastError: 'SMS gateway answered 503',
        sentAt: null,
      });
      gateway.current.mode = 'ok';
      await worker.runOnce();
      expect((await rowsTo('8809600000003'))[0]?.status).toBe('failed');
    });

    it('waits twice as long after each failure, up to the cap', () => {
      expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
      expect(retryDelayMs(20, 30_000)).toBe(60 * 60_000);
    });

    it('sends each message once while two workers race over them', async () => {
      gateway.current.mode = 'slow';
      const numbers = Array.from({ length: 24 }, (_, i) => `88096100000${String(i).padStart(2, '0')}`);
      await insertOutboxMessages(
        handles.first.db,
        numbers.map((number) => smsTo(number, `race ${number}`)),
      );
      const one = workerOn(handles.first, { sendTimeoutMs: 2000 }, 1000);
      const two = workerOn(handles.second, { sendTimeoutMs: 2000 }, 1000);
      const [sentByOne, sentByTwo] = await Promise.all([one.runOnce(), two.runOnce()]);
      expect(sentByOne + sentByTwo).toBe(numbers.length);
      // Both took part: the race was real.
      expect(kind === 'pglite' || (sentByOne > 0 && sentByTwo > 0)).toBe(true);
      for (const number of numbers) expect(deliveriesTo(number), number).toHaveLength(1);
      const rows = await handles.first.db.select().from(outboxMessages).where(eq(outboxMessages.status, 'pending'));
      expect(rows.filter((row) => numbers.includes(row.recipient))).toEqual([]);
    });

    it('sends a message claimed by a process that died once its lease is over, and only then', async () => {
      gateway.current.mode = 'ok';
      await insertOutboxMessages(handles.first.db, [smsTo('8809600000004', 'claimed by the dead')]);
      // A worker of another process claims it and dies before sending.
      const claimed = await claimDueMessage(handles.second.db, 800, 'isp.example');
      expect(claimed?.recipient).toBe('8809600000004');
      const survivor = workerOn(handles.first, { sendTimeoutMs: 400 });
      expect(await survivor.runOnce()).toBe(0);
      await vi.waitFor(
        async () => {
          await survivor.runOnce();
          expect((await rowsTo('8809600000004'))[0]?.status).toBe('sent');
        },
        { timeout: 5000, interval: 50 },
      );
      expect((await rowsTo('8809600000004'))[0]?.attempts).toBe(2);
      expect((await rowsTo('8809600000004'))[0]?.messageId).toBeNull();
      expect(deliveriesTo('8809600000004')).toHaveLength(1);
    });

    it('sends at once when started and stops cleanly with a send under way', async () => {
      gateway.current.mode = 'slow';
      await insertOutboxMessages(handles.first.db, [smsTo('8809600000005', 'on start')]);
      const worker = workerOn(handles.first, { pollMs: 60_000, sendTimeoutMs: 2000 }, 1000);
      worker.start();
      await vi.waitFor(() => expect(gateway.current.calls).toBeGreaterThan(0));
      await worker.stop();
      // The send under way was finished and recorded before stop resolved.
      expect((await rowsTo('8809600000005'))[0]?.status).toBe('sent');
      expect(deliveriesTo('8809600000005')).toHaveLength(1);
    });

    describe('e-mail through a real SMTP server', () => {
      it('delivers, gives up at once on a refusal for good, and retries a refusal for a while', async () => {
        const peer = await startSmtpPeer((attempt) => (attempt === 2 ? 550 : attempt === 3 ? 451 : null));
        try {
          const mailerOf = () => createMailer({ smtpUrl: peer.url, mailFrom: 'ISP Support <desk@isp.example>' });
          // A first SMTP connection on a busy machine may take longer than an SMS: a cut-off send that
          // the peer still accepts would shift the refusals onto the wrong messages.
          const worker = workerOn(handles.first, { mailer: mailerOf(), retryMs: 10, sendTimeoutMs: 10_000 });
          const mail = (to: string) => ({
            channel: 'email' as const,
            kind: 'resolved' as const,
            recipient: to,
            subject: `For ${to}`,
            body: 'Hello',
          });
          await insertOutboxMessages(handles.first.db, [mail('first@example.com')]);
          await worker.runOnce();
          await insertOutboxMessages(handles.first.db, [mail('refused@example.com')]);
          await worker.runOnce();
          await insertOutboxMessages(handles.first.db, [mail('later@example.com')]);
          await vi.waitFor(
            async () => {
              await worker.runOnce();
              expect((await rowsTo('later@example.com'))[0]?.status).toBe('sent');
            },
            { timeout: 5000, interval: 20 },
          );
          expect((await rowsTo('first@example.com'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
          expect((await rowsTo('refused@example.com'))[0]).toMatchObject({ status: 'failed', attempts: 1 });
          expect((await rowsTo('refused@example.com'))[0]?.lastError).toContain('SMTP 550');
          expect((await rowsTo('later@example.com'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
          expect(peer.delivered.map((delivered) => delivered.to)).toEqual([['first@example.com'], ['later@example.com']]);
          expect(peer.delivered[0]?.from).toBe('desk@isp.example');
          expect(peer.delivered[0]?.raw).toMatch(/^Subject: For first@example\.com/m);
          // Its Message-ID was stored before it left (a reply's In-Reply-To finds it); answers go to the desk.
          const first = (await rowsTo('first@example.com'))[0];
          expect(first?.messageId).toBe(`outbox-${first?.id}@isp.example`);
          expect(peer.delivered[0]?.raw).toContain(`Message-ID: <outbox-${first?.id}@isp.example>`);
          expect(peer.delivered[0]?.raw).toMatch(/^Reply-To: .*desk@isp\.example/m);
          expect(peer.delivered[0]?.raw).toMatch(/^Auto-Submitted: auto-generated/m);
          // The refused one keeps its id too; an SMS has none.
          expect((await rowsTo('refused@example.com'))[0]?.messageId).toMatch(/^outbox-.*@isp\.example$/);
        } finally {
          await peer.close();
        }
      });

      it('fails an e-mail at once when no mailer is configured any more', async () => {
        const worker = workerOn(handles.first, { mailer: null });
        await insertOutboxMessages(handles.first.db, [
          { channel: 'email', kind: 'receipt', recipient: 'nomailer@example.com', subject: 's', body: 'b' },
        ]);
        await worker.runOnce();
        expect((await rowsTo('nomailer@example.com'))[0]).toMatchObject({
          status: 'failed',
          lastError: 'e-mail is not configured (SMTP_URL)',
        });
      });
    });
  });
}
