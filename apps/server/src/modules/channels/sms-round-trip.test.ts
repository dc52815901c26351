/**
 * The whole loop with a loopback gateway (DESIGN.md §24): a customer's SMS comes in over HTTP, the
 * desk's answer leaves through the outbox to the gateway, and the gateway reports it delivered
 * over HTTP with the reference it was given.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../../test/api-client-factories.ts';
import { randomProductNumber, signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { outboxMessages } from '../../db/schema.ts';
import { createHttpSms } from '../../lib/sms.ts';
import { listen } from '../events/events.test-support.ts';
import { startSmsGateway } from '../notifications/notifications.test-support.ts';
import { gatewayPeer, type GatewayPeer } from './sms-gateway.test-support.ts';

const reports: Promise<unknown>[] = [];
const peer = {} as { current: GatewayPeer };
// The gateway reports each message it accepted as delivered, as soon as it accepted it.
const gateway = await startSmsGateway('ok', (message) => {
  reports.push(peer.current.report(message.reference, 'DELIVRD', 'get'));
});
afterAll(() => gateway.close());

describeWithApp(
  'the SMS loop through a loopback gateway',
  (ctx) => {
    beforeAll(async () => {
      const admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
      const client = await createClient(ctx.app, ctx.db, admin, { scopes: ['channels:inbound'] });
      peer.current = gatewayPeer(await listen(ctx.app), client.headers);
      await buildGroup(ctx.db, { name: 'Inbound' });
    });

    it('answers a new ticket by SMS through the gateway, and records the gateway’s delivery report', async () => {
      const from = randomProductNumber();
      const taken = await peer.current.inbound({ from, text: 'No internet since noon' }, 'form');
      const ticketId = taken.body.data.ticket_id;
      await expect.poll(() => gateway.delivered.filter((message) => message.to === from).length, { timeout: 5000 }).toBe(1);
      expect(gateway.delivered.find((message) => message.to === from)?.text).toContain(String(ticketId));
      await expect.poll(() => reports.length).toBeGreaterThan(0);
      await Promise.all(reports);
      const [answer] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, from));
      expect(answer).toMatchObject({ kind: 'answer', status: 'sent', delivery: 'delivered', ticketId });
    });
  },
  {
    sms: createHttpSms({
      driver: 'http',
      url: gateway.url,
      method: 'GET',
      authHeader: undefined,
      body: undefined,
      timeoutMs: 2000,
    }),
  },
);
