import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Broadcast, FailedNotificationsReply, Incident } from '@switchboard/shared';
import { createClient } from '../../../test/api-client-factories.ts';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { randomSubscriberNumber } from '../../../test/outage-factories.ts';
import { outboxMessages } from '../../db/schema.ts';
import { OUTAGE, broadcastCalls, seedArea, seedSubscribers } from '../broadcasts/broadcasts.test-support.ts';
import { listen, openEventStream } from '../events/events.test-support.ts';
import { incidentCalls } from '../incidents/incidents.test-support.ts';
import { deliveryOf } from './sms-callbacks.ts';
import { gatewayPeer, type GatewayPeer } from './sms-gateway.test-support.ts';

it('reads the gateways’ words for what became of a message, case-insensitively', () => {
  for (const word of ['DELIVERED', 'Delivrd', 'success', ' ok ']) expect(deliveryOf(word)).toBe('delivered');
  expect(deliveryOf('EXPIRED')).toBe('expired');
  for (const word of ['UNDELIV', 'failed', 'REJECTED', 'ACCEPTD', '']) expect(deliveryOf(word)).toBe('failed');
});

describeWithApp('SMS delivery reports', (ctx) => {
  let baseUrl: string;
  let gateway: GatewayPeer;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    baseUrl = await listen(ctx.app);
    admin = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
    const client = await createClient(ctx.app, ctx.db, admin.headers, { scopes: ['channels:inbound'] });
    gateway = gatewayPeer(baseUrl, client.headers);
  });

  /** A message the outbox has sent to a new number. */
  const sentMessage = async () => {
    const [row] = await ctx.db
      .insert(outboxMessages)
      .values({
        channel: 'sms',
        kind: 'reply',
        recipient: randomSubscriberNumber(),
        body: 'Told',
        status: 'sent',
        sentAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('no message');
    return row;
  };
  const stored = async (id: string) => (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];
  const failedList = async () =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications/failed?page=1', headers: admin.headers })
    ).json<FailedNotificationsReply>();

  it('records delivered, failed and expired by the reference outbox-<id>, by GET, form and JSON', async () => {
    const cases = [
      ['DELIVRD', 'get', 'delivered'],
      ['UNDELIV', 'form', 'failed'],
      ['expired', 'json', 'expired'],
    ] as const;
    for (const [status, form, delivery] of cases) {
      const message = await sentMessage();
      const reply = await gateway.report(`outbox-${message.id}`, status, form);
      expect(reply).toEqual({ status: 200, body: { data: { outcome: 'recorded' } } });
      expect(await stored(message.id)).toMatchObject({ delivery, status: 'sent' });
      expect((await stored(message.id))?.deliveryAt).toBeInstanceOf(Date);
    }
  });

  it('answers unknown for a reference that is none of ours, changing nothing', async () => {
    for (const reference of ['outbox-00000000-0000-4000-8000-000000000000', 'their-own-id-77', 'outbox-'])
      expect((await gateway.report(reference, 'delivered')).body).toEqual({ data: { outcome: 'unknown' } });
  });

  it('keeps the first report; a later delivered wins over a failure; a repeat changes nothing', async () => {
    const message = await sentMessage();
    await gateway.report(`outbox-${message.id}`, 'failed');
    const first = await stored(message.id);
    await gateway.report(`outbox-${message.id}`, 'expired');
    expect(await stored(message.id)).toEqual(first);
    await gateway.report(`OUTBOX-${message.id.toUpperCase()}`, 'delivered');
    const delivered = await stored(message.id);
    expect(delivered?.delivery).toBe('delivered');
    await gateway.report(`outbox-${message.id}`, 'failed');
    await gateway.report(`outbox-${message.id}`, 'delivered');
    expect(await stored(message.id)).toEqual(delivered);
  });

  it("lists sent messages reported failed or expired in the admins' Failed messages, until delivered", async () => {
    const failed = await sentMessage();
    const expired = await sentMessage();
    const fine = await sentMessage();
    await gateway.report(`outbox-${failed.id}`, 'rejected');
    await gateway.report(`outbox-${expired.id}`, 'expired');
    await gateway.report(`outbox-${fine.id}`, 'ok');
    const listed = (await failedList()).data;
    expect(listed.find((row) => row.id === failed.id)).toMatchObject({ delivery: 'failed', recipient: failed.recipient });
    expect(listed.find((row) => row.id === expired.id)).toMatchObject({ delivery: 'expired' });
    expect(listed.find((row) => row.id === fine.id)).toBeUndefined();
    await gateway.report(`outbox-${failed.id}`, 'delivered');
    expect((await failedList()).data.find((row) => row.id === failed.id)).toBeUndefined();
  });

  it("counts a broadcast's delivered messages in its progress and tells staff's screens", async () => {
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    await seedArea(ctx.db, 'DLR-1');
    await seedSubscribers(ctx.db, 'DLR-1', 3);
    const incident = (await incidentCalls(ctx.app).create(staff.headers, { title: 'Cut', area_codes: ['DLR-1'] })).json<{
      data: Incident;
    }>().data;
    const created = (await broadcastCalls(ctx.app).create(staff.headers, incident.id, OUTAGE)).json<{ data: Broadcast }>().data;
    expect(await ctx.app.broadcastSender.runOnce()).toBe(3);
    const sent = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.broadcastId, created.id));
    const stream = await openEventStream(baseUrl, staff.token);
    try {
      for (const message of sent.slice(0, 2)) await gateway.report(`outbox-${message.id}`, 'delivered');
      await gateway.report(`outbox-${sent[2]?.id ?? ''}`, 'undeliv');
      await ctx.app.broadcastSender.runOnce();
      await stream.until((seen) =>
        seen.events.some((event) => event.event === 'broadcast.changed' && event.data.broadcast_id === created.id),
      );
    } finally {
      stream.close();
    }
    const [broadcast] = (await broadcastCalls(ctx.app).list(staff.headers, incident.id)).json<{ data: Broadcast[] }>().data;
    expect(broadcast).toMatchObject({ id: created.id, sent: 3, delivered: 2 });
  });
});
