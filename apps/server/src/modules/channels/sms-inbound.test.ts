import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../test/api-client-factories.ts';
import { randomProductNumber, signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { inboundMessages, outboxMessages, tickets } from '../../db/schema.ts';
import { listen } from '../events/events.test-support.ts';
import { gatewayPeer, inboundFrom, type GatewayPeer } from './sms-gateway.test-support.ts';

const PER_HOUR = 4;

describeWithApp(
  'inbound SMS: who may call, bad input, repeats and limits',
  (ctx) => {
    let baseUrl: string;
    let admin: Record<string, string>;
    let client: TestClient;
    let gateway: GatewayPeer;

    beforeAll(async () => {
      baseUrl = await listen(ctx.app);
      admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
      client = await createClient(ctx.app, ctx.db, admin, { scopes: ['channels:inbound'] });
      gateway = gatewayPeer(baseUrl, client.headers);
      await buildGroup(ctx.db, { name: 'Inbound', subgroups: ['By SMS'] });
    });

    const stored = async () => {
      const [inbound] = await ctx.db.select({ n: count() }).from(inboundMessages);
      const [ticketRows] = await ctx.db.select({ n: count() }).from(tickets);
      const [outbox] = await ctx.db.select({ n: count() }).from(outboxMessages);
      return { inbound: inbound?.n, tickets: ticketRows?.n, outbox: outbox?.n };
    };

    it('refuses a call without a token (401), a token without channels:inbound (403) and a signed-in person (403)', async () => {
      const before = await stored();
      const message = { msisdn: randomProductNumber(), text: 'Hello', message_id: 'forged-1' };
      expect((await gatewayPeer(baseUrl, {}).call('inbound', message, 'json')).status).toBe(401);
      const forged = { authorization: `Bearer sb_${client.id}_${'A'.repeat(43)}` };
      expect((await gatewayPeer(baseUrl, forged).call('inbound', message, 'get')).status).toBe(401);
      const reader = await createClient(ctx.app, ctx.db, admin, { scopes: ['tickets:write', 'tickets:read'] });
      const wrongScope = await gatewayPeer(baseUrl, reader.headers).call('delivery', { reference: 'x', status: 'ok' }, 'form');
      expect(wrongScope.status).toBe(403);
      const person = await gatewayPeer(baseUrl, admin).call('inbound', message, 'json');
      expect(person.status).toBe(403);
      expect(await person.json()).toMatchObject({
        code: 'forbidden',
        message: 'Only an API client with the channels:inbound scope can call back here',
      });
      expect(await stored()).toEqual(before);
    });

    it('refuses bad input with 400 {message, code}, changing nothing', async () => {
      const before = await stored();
      const bad = [
        gateway.call('inbound', { text: 'no sender', message_id: 'b1' }, 'json'),
        gateway.call('inbound', { msisdn: 'not a number', text: 'x', message_id: 'b2' }, 'get'),
        gateway.call('inbound', { msisdn: randomProductNumber(), text: 'no id' }, 'form'),
        gateway.call('inbound', { msisdn: randomProductNumber(), text: 'x', message_id: 'i'.repeat(201) }, 'json'),
        gateway.call('inbound', { msisdn: randomProductNumber(), text: 'nul \u0000', message_id: 'b3' }, 'json'),
        gateway.call('delivery', { status: 'ok' }, 'get'),
      ];
      for (const reply of await Promise.all(bad)) {
        expect(reply.status).toBe(400);
        expect(await reply.json()).toMatchObject({ code: 'validation', message: expect.any(String) as string });
      }
      const nested = await fetch(`${baseUrl}/api/v1/channels/sms/inbound`, {
        method: 'POST',
        headers: { ...client.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ msisdn: { a: 1 }, text: 'x', message_id: 'b4' }),
      });
      expect(nested.status).toBe(400);
      const repeated = await fetch(`${baseUrl}/api/v1/channels/sms/inbound?msisdn=1&msisdn=2&text=x&message_id=b5`, {
        headers: client.headers,
      });
      expect(repeated.status).toBe(400);
      expect(await stored()).toEqual(before);
    });

    it('takes a message by GET, form and JSON, and a lone surrogate as U+FFFD', async () => {
      const from = randomProductNumber();
      for (const form of ['get', 'form', 'json'] as const) {
        const reply = await gateway.inbound({ from, text: `By ${form} \ud800` }, form);
        expect(reply.status).toBe(200);
        expect(reply.body.data).toMatchObject({ repeat: false });
      }
      expect((await inboundFrom(ctx.db, from)).map((row) => row.outcome)).toEqual(['ticket', 'comment', 'comment']);
    });

    it('answers a repeated message id with the first outcome and changes nothing, also when both calls come at once', async () => {
      const from = randomProductNumber();
      const first = await gateway.inbound({ from, text: 'My line is dead', id: `rep-${from}` });
      expect(first.body.data).toMatchObject({ outcome: 'ticket', repeat: false });
      const before = await stored();
      const again = await gateway.inbound({ from, text: 'My line is dead', id: `rep-${from}` }, 'get');
      expect(again.body.data).toEqual({ ...first.body.data, repeat: true });
      expect(await stored()).toEqual(before);

      const other = randomProductNumber();
      const both = await Promise.all([
        gateway.inbound({ from: other, text: 'Twice at once', id: `both-${other}` }),
        gateway.inbound({ from: other, text: 'Twice at once', id: `both-${other}` }, 'form'),
      ]);
      expect(both.map((reply) => reply.status)).toEqual([200, 200]);
      expect(both.map((reply) => reply.body.data.repeat).sort()).toEqual([false, true]);
      expect(new Set(both.map((reply) => reply.body.data.ticket_id)).size).toBe(1);
      expect(await inboundFrom(ctx.db, other)).toHaveLength(1);
      const after = await stored();
      expect(after.tickets).toBe((before.tickets ?? 0) + 1);
    });

    it('records a number past its hourly limit as limited and does nothing else (200, so the gateway does not retry)', async () => {
      const from = randomProductNumber();
      for (let n = 0; n < PER_HOUR; n++) expect((await gateway.inbound({ from, text: `Message ${n}` })).status).toBe(200);
      const before = await stored();
      const over = await gateway.inbound({ from, text: 'One too many' });
      expect(over.status).toBe(200);
      expect(over.body.data).toEqual({ outcome: 'limited', ticket_id: null, repeat: false });
      const after = await stored();
      expect(after).toEqual({ ...before, inbound: (before.inbound ?? 0) + 1 });
      // Another number is not held back by this one.
      expect((await gateway.inbound({ from: randomProductNumber(), text: 'Hello' })).body.data.outcome).toBe('ticket');
    });
  },
  { env: { SMS_INBOUND_PER_NUMBER_PER_HOUR: String(PER_HOUR) } },
);
