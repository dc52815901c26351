/**
 * The broadcast sender against a loopback SMS gateway (DESIGN.md §23): two senders on one database
 * keep the configured rate together, quiet hours hold back all but the restored message, and a
 * sender that dies mid-broadcast loses nothing and doubles nothing.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Broadcast, BroadcastPreview, Incident } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { createHttpSms } from '../../lib/sms.ts';
import { incidentCalls } from '../incidents/incidents.test-support.ts';
import { claimBroadcastMessages } from './broadcast-sender.repository.ts';
import { createBroadcastSender, type BroadcastSender, type BroadcastSenderOptions } from './broadcast-sender.ts';
import {
  OUTAGE,
  broadcastCalls,
  emptyPace,
  messagesOf,
  seedArea,
  seedSubscribers,
  startTimedGateway,
  type TimedGateway,
} from './broadcasts.test-support.ts';

const silentLog = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithApp('the broadcast sender', (ctx) => {
  let gateway: TimedGateway;
  let headers: Record<string, string> = {};
  let nextFirst = 1_000_000;
  const senders: BroadcastSender[] = [];

  beforeAll(async () => {
    gateway = await startTimedGateway();
    headers = (await signedInAs(ctx.app, ctx.db, { userType: 'cc' })).headers;
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    gateway.received.length = 0;
  });
  afterAll(async () => gateway.close());

  function senderWith(options: Partial<BroadcastSenderOptions> = {}): BroadcastSender {
    const sender = createBroadcastSender({
      db: ctx.db,
      sms: createHttpSms({
        driver: 'http',
        url: gateway.url,
        method: 'GET',
        authHeader: undefined,
        body: undefined,
        timeoutMs: 1000,
      }),
      log: silentLog,
      ratePerSecond: 1000,
      quietHours: null,
      timezone: 'Asia/Dhaka',
      retryMs: 20,
      sendTimeoutMs: 1000,
      ...options,
    });
    senders.push(sender);
    return sender;
  }

  /** A broadcast of `kind` to `count` new subscribers of a new area, queued through the API. */
  async function queued(
    count: number,
    kind: 'outage' | 'restored' = 'outage',
  ): Promise<{ incident: Incident; broadcast: Broadcast }> {
    const area = `SND-${nextFirst}`;
    await seedArea(ctx.db, area);
    await seedSubscribers(ctx.db, area, count, { first: nextFirst });
    nextFirst += count;
    const created = await incidentCalls(ctx.app).create(headers, { title: 'Cut', area_codes: [area] });
    const incident = created.json<{ data: Incident }>().data;
    if (kind === 'restored') await incidentCalls(ctx.app).resolve(headers, incident.id);
    const reply = await broadcastCalls(ctx.app).create(headers, incident.id, { ...OUTAGE, kind });
    expect(reply.statusCode, reply.body).toBe(201);
    return { incident, broadcast: reply.json<{ data: Broadcast }>().data };
  }

  async function untilFinished(incidentId: number, timeoutMs: number): Promise<Broadcast[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const listed = (await broadcastCalls(ctx.app).list(headers, incidentId)).json<{ data: Broadcast[] }>().data;
      if (listed.every((broadcast) => broadcast.status === 'finished') || Date.now() > deadline) return listed;
      await sleep(100);
    }
  }

  function perRecipient(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const message of gateway.received) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
    return counts;
  }

  it('sends at the configured rate with two senders on one database, within 5%', async () => {
    const rate = 40;
    const { incident, broadcast } = await queued(200);
    await emptyPace(ctx.db);
    const first = senderWith({ ratePerSecond: rate });
    const second = senderWith({ ratePerSecond: rate });
    first.start();
    second.start();
    const [done] = await untilFinished(incident.id, 40_000);
    expect(done).toMatchObject({ id: broadcast.id, status: 'finished', sent: 200, failed: 0 });

    const times = gateway.received.map((message) => message.at).sort((a, b) => a - b);
    const seconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    const measured = (times.length - 1) / seconds;
    expect(times).toHaveLength(200);
    console.info(`two senders at ${rate}/s: ${measured.toFixed(2)} messages a second [${ctx.kind}]`);
    // Never faster than the pace, on either database. Keeping up with it is PostgreSQL's to show:
    // PGlite serves one statement at a time, and a busy machine slows its two senders below the pace.
    expect(measured).toBeLessThan(rate * 1.05);
    if (ctx.kind === 'postgres') expect(measured).toBeGreaterThan(rate * 0.95);
    expect([...perRecipient().values()].every((n) => n === 1)).toBe(true);
  }, 60_000);

  it('holds back an outage in quiet hours but sends the restored message', async () => {
    let now = new Date('2026-11-27T17:30:00Z'); // 23:30 in Dhaka
    const quietHours = { startHour: 22, endHour: 8 };
    const outage = await queued(3, 'outage');
    const restored = await queued(2, 'restored');
    const sender = senderWith({ quietHours, now: () => now });
    expect(await sender.runOnce()).toBe(2);
    expect((await messagesOf(ctx.db, outage.broadcast.id)).map((m) => m.status)).toEqual(['pending', 'pending', 'pending']);
    expect((await messagesOf(ctx.db, restored.broadcast.id)).map((m) => m.status)).toEqual(['sent', 'sent']);

    now = new Date('2026-11-28T02:00:00Z'); // 08:00 in Dhaka
    expect(await sender.runOnce()).toBe(3);
    expect((await messagesOf(ctx.db, outage.broadcast.id)).map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('loses nothing and doubles nothing when a sender dies mid-broadcast', async () => {
    const { incident } = await queued(120);
    // A lease (twice the send timeout) longer than a busy machine takes to send and record, short enough to wait out.
    const sendTimeoutMs = 4000;
    // A sender that claimed 15 messages and died before sending them.
    const crashed = await claimBroadcastMessages(ctx.db, 15, 2 * sendTimeoutMs, false);
    expect(crashed).toHaveLength(15);
    // Another that sends for a while and is stopped halfway.
    const stopping = senderWith({ ratePerSecond: 100, sendTimeoutMs });
    const survivor = senderWith({ ratePerSecond: 100, sendTimeoutMs });
    stopping.start();
    survivor.start();
    await sleep(400);
    await stopping.stop();
    const [done] = await untilFinished(incident.id, 30_000);
    expect(done).toMatchObject({ status: 'finished', recipients: 120, sent: 120, failed: 0 });
    const counts = perRecipient();
    expect(counts.size).toBe(120);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    for (const message of crashed) expect(counts.get(message.recipient)).toBe(1);
    expect(new Set(gateway.received.map((message) => message.ref)).size).toBe(120);
  }, 60_000);
});

/** The dialog's preview says when quiet hours hold an outage back, and not for the restored message. */
const dhakaHour = Number(
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
);
describeWithApp(
  'the preview in quiet hours',
  (ctx) => {
    it('names when an outage starts, and sends the restored message at once', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      await seedArea(ctx.db, 'QH-1');
      await seedSubscribers(ctx.db, 'QH-1', 3);
      const incident = (await incidentCalls(ctx.app).create(headers, { title: 'Cut', area_codes: ['QH-1'] })).json<{
        data: Incident;
      }>().data;
      const outage = (await broadcastCalls(ctx.app).preview(headers, incident.id, 'outage')).json<{ data: BroadcastPreview }>()
        .data;
      expect(outage.recipients).toBe(3);
      expect(outage.starts_at).not.toBeNull();
      const startsIn = Date.parse(outage.starts_at ?? '') - Date.now();
      expect(startsIn).toBeGreaterThan(0);
      expect(startsIn).toBeLessThanOrEqual(2 * 3_600_000);
      const restored = (await broadcastCalls(ctx.app).preview(headers, incident.id, 'restored')).json<{
        data: BroadcastPreview;
      }>().data;
      expect(restored.starts_at).toBeNull();
    });
  },
  // Two hours from the hour the file was read in: a run that crosses the hour is still inside them.
  { env: { SMS_QUIET_HOURS: `${dhakaHour}-${(dhakaHour + 2) % 24}` } },
);
