import { describe, expect, it } from 'vitest';
import type { ChannelStatus, ChannelStatusReply } from '@switchboard/shared';
import { createClient, expireClient } from '../../../test/api-client-factories.ts';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { channelStates, inboundMessages, outboxMessages } from '../../db/schema.ts';
import type { Actor } from '../../plugins/auth.ts';
import { listChannelStatuses } from './channel-status.service.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describeWithApp('the channels page', (ctx) => {
  const admin = () => signedInAs(ctx.app, ctx.db, { userType: 'iptsp', role: 'admin' });
  const getChannels = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/v1/channels', headers });
  const channelsOf = async (headers: Record<string, string>) => {
    const reply = await getChannels(headers);
    expect(reply.statusCode, reply.body).toBe(200);
    const { data } = reply.json<ChannelStatusReply>();
    return Object.fromEntries(data.map((status) => [status.channel, status])) as Record<ChannelStatus['channel'], ChannelStatus>;
  };

  describe('who may', () => {
    it('needs a signed-in admin', async () => {
      expect((await getChannels({})).statusCode).toBe(401);
      const callers = [
        { userType: 'customer', role: 'user' },
        { userType: 'agent', role: 'user' },
        { userType: 'cc', role: 'user' },
        { userType: 'iptsp', role: 'support' },
        { userType: 'oss_bss', role: 'moderator' },
      ] as const;
      for (const fields of callers) {
        const { headers } = await signedInAs(ctx.app, ctx.db, fields);
        const reply = await getChannels(headers);
        expect(reply.statusCode, fields.userType).toBe(403);
        expect(reply.json()).toEqual({ code: 'forbidden', message: 'Only admins can see the channels' });
      }
    });

    it("refuses a client's token, even one with channels:inbound", async () => {
      const { headers } = await admin();
      const client = await createClient(ctx.app, ctx.db, headers, { scopes: ['channels:inbound'] });
      const reply = await getChannels(client.headers);
      expect(reply.statusCode).toBe(403);
      await expireClient(ctx.db, client.id);
    });
  });

  it('lists every channel in order, none set up on a fresh desk without IMAP_URL', async () => {
    const { headers } = await admin();
    const reply = await getChannels(headers);
    expect(reply.json<ChannelStatusReply>().data).toEqual([
      expect.objectContaining({
        channel: 'sms_inbound',
        configured: false,
        connected: null,
        last_taken_at: null,
        taken_last_day: 0,
      }),
      expect.objectContaining({
        channel: 'sms_delivery',
        configured: false,
        connected: null,
        last_outcome: null,
        last_error: null,
      }),
      expect.objectContaining({ channel: 'email_inbound', configured: false, connected: false, last_error_at: null }),
    ]);
  });

  it('counts the SMS channels set up while a live client has channels:inbound, and not once it expired', async () => {
    const { headers } = await admin();
    await createClient(ctx.app, ctx.db, headers, { scopes: ['tickets:read'] });
    expect((await channelsOf(headers)).sms_inbound.configured).toBe(false);
    const client = await createClient(ctx.app, ctx.db, headers, { scopes: ['channels:inbound'] });
    const live = await channelsOf(headers);
    expect([live.sms_inbound.configured, live.sms_delivery.configured, live.email_inbound.configured]).toEqual([
      true,
      true,
      false,
    ]);
    await expireClient(ctx.db, client.id);
    expect((await channelsOf(headers)).sms_delivery.configured).toBe(false);
  });

  it('shows the last message taken and the count of the last day per channel', async () => {
    const { headers } = await admin();
    await ctx.db.insert(inboundMessages).values([
      { channel: 'sms', externalId: 'old', sender: '8801711000001', outcome: 'ticket', receivedAt: minutesAgo(2 * 24 * 60) },
      { channel: 'sms', externalId: 'a', sender: '8801711000001', outcome: 'comment', receivedAt: minutesAgo(30) },
      { channel: 'sms', externalId: 'b', sender: '8801711000002', outcome: 'stop', receivedAt: minutesAgo(5) },
      { channel: 'email', externalId: '1:7', sender: 'a@example.com', outcome: 'ignored', receivedAt: minutesAgo(10) },
    ]);
    const channels = await channelsOf(headers);
    expect(channels.sms_inbound).toMatchObject({ last_outcome: 'stop', taken_last_day: 2 });
    expect(Date.now() - Date.parse(channels.sms_inbound.last_taken_at ?? '')).toBeLessThan(6 * 60_000);
    expect(channels.email_inbound).toMatchObject({ last_outcome: 'ignored', taken_last_day: 1 });
  });

  it('shows the last delivery report and the reports of the last day', async () => {
    const { headers } = await admin();
    const message = {
      channel: 'sms',
      kind: 'reply',
      recipient: '8801711000003',
      body: 'Ticket 1 has a new reply',
      status: 'sent',
    } as const;
    const reportedAt = minutesAgo(3);
    await ctx.db
      .insert(outboxMessages)
      .values([
        { ...message, delivery: 'delivered', deliveryAt: reportedAt },
        { ...message, delivery: 'expired', deliveryAt: minutesAgo(90) },
        { ...message, delivery: 'failed', deliveryAt: minutesAgo(3 * 24 * 60) },
        { ...message },
      ]);
    const { sms_delivery: delivery } = await channelsOf(headers);
    expect(delivery).toMatchObject({ last_taken_at: reportedAt.toISOString(), last_outcome: null, taken_last_day: 2 });
  });

  it("shows each channel's last error, and the mail session connected only while it was seen in the last 2 minutes", async () => {
    const { headers } = await admin();
    const failedAt = minutesAgo(1);
    await ctx.db.insert(channelStates).values([
      { channel: 'sms_inbound', lastError: 'No SMS_INBOUND_SUBGROUP group', lastErrorAt: failedAt },
      { channel: 'email_inbound', seenAt: minutesAgo(0.5) },
    ]);
    let channels = await channelsOf(headers);
    expect(channels.sms_inbound).toMatchObject({
      last_error: 'No SMS_INBOUND_SUBGROUP group',
      last_error_at: failedAt.toISOString(),
    });
    expect(channels.sms_delivery.last_error).toBeNull();
    expect(channels.email_inbound.connected).toBe(true);
    await ctx.db.update(channelStates).set({ seenAt: minutesAgo(3) });
    channels = await channelsOf(headers);
    expect(channels.email_inbound.connected).toBe(false);
  });

  it('counts inbound e-mail set up when IMAP_URL is', async () => {
    const { user } = await admin();
    const actor: Actor = {
      id: user.id,
      name: user.name,
      product_number: user.productNumber,
      user_type: 'iptsp',
      role: 'admin',
      language: 'en',
      session: { tokenVersion: 0, expiresAt: Date.now() + 60_000 },
      ip: '127.0.0.1',
      client: null,
    };
    const imap = { url: 'imaps://desk:secret@mail.example.com/INBOX', doneFolder: 'Switchboard', pollMs: 60_000 };
    const statuses = await listChannelStatuses(ctx.db, actor, {
      ...ctx.config.channels,
      mail: { ...ctx.config.channels.mail, imap },
    });
    expect(statuses.find((status) => status.channel === 'email_inbound')?.configured).toBe(true);
  });
});
