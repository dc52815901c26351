import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../db/schema.ts';
import { describeWithApp } from '../../test/harness.ts';
import { randomProductNumber, solveCaptcha } from '../../test/factories.ts';
import { createConsoleSms, createHttpSms } from './sms.ts';

/** A gateway on loopback that records calls and answers slowly for numbers ending in 9. */
function startGateway() {
  const calls: { url: string; body: string; auth: string | undefined }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({ url: request.url ?? '', body, auth: request.headers.authorization });
      const slow = /to=\d*9(&|$)/.test(request.url ?? '');
      setTimeout(() => response.writeHead(200).end('{"status":"ok"}'), slow ? 2_000 : 0);
    });
  });
  return { calls, server };
}

describe('the console SMS driver', () => {
  it('keeps the last 50 messages, codes and notices alike, newest first', async () => {
    const printed: string[] = [];
    const sms = createConsoleSms((line) => printed.push(line));
    for (let i = 0; i < 60; i++)
      await sms.send(`88017120000${String(i).padStart(2, '0')}`, `message ${i}`, { purpose: i % 2 ? 'notice' : 'code' });
    const kept = sms.outbox();
    expect(kept).toHaveLength(50);
    expect(kept[0]).toMatchObject({ to: '8801712000059', text: 'message 59', purpose: 'notice' });
    expect(kept[1]).toMatchObject({ to: '8801712000058', text: 'message 58', purpose: 'code' });
    expect(kept.at(-1)).toMatchObject({ text: 'message 10' });
    expect(printed).toHaveLength(60);
  });
});

describe('the http SMS driver', () => {
  const gateway = startGateway();
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => gateway.server.close(() => resolve())));

  it('fills the URL and body templates and sends the auth header', async () => {
    const sms = createHttpSms({
      driver: 'http',
      url: `${base}/send?to={to}&msg={text}`,
      method: 'POST',
      authHeader: 'Authorization: Bearer abc',
      body: '{"number":"{to}","message":"{text}"}',
      timeoutMs: 1000,
    });
    await sms.send('8809638000001', 'Your code is "123456" & more');
    const call = gateway.calls.at(-1);
    expect(call?.url).toBe('/send?to=8809638000001&msg=Your%20code%20is%20%22123456%22%20%26%20more');
    expect(JSON.parse(call?.body ?? '')).toEqual({ number: '8809638000001', message: 'Your code is "123456" & more' });
    expect(call?.auth).toBe('Bearer abc');
  });

  it("fills {id} with the message's reference, and a new one for each message without", async () => {
    const sms = createHttpSms({
      driver: 'http',
      url: `${base}/send?to={to}&ref={id}`,
      method: 'POST',
      authHeader: undefined,
      body: '{"csms_id":"{id}"}',
      timeoutMs: 1000,
    });
    await sms.send('8809638000001', 'Your ticket has a new reply', { reference: 'outbox-42' });
    await sms.send('8809638000001', 'Your ticket has a new reply', { reference: 'outbox-42' });
    expect(gateway.calls.slice(-2).map((call) => call.url)).toEqual(Array(2).fill('/send?to=8809638000001&ref=outbox-42'));
    expect(JSON.parse(gateway.calls.at(-1)?.body ?? '')).toEqual({ csms_id: 'outbox-42' });
    await sms.send('8809638000001', 'Code 1');
    await sms.send('8809638000001', 'Code 2');
    const [first, second] = gateway.calls.slice(-2).map((call) => new URL(call.url, base).searchParams.get('ref'));
    expect(first).toMatch(/^[\w-]{36}$/);
    expect(second).not.toBe(first);
  });

  describeWithApp(
    'when the gateway times out',
    (ctx) => {
      it('tells the user and leaves no usable code behind', async () => {
        const number = `${randomProductNumber().slice(0, -1)}9`;
        const reply = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/users/generate-otp',
          payload: { product_number: number, token: await solveCaptcha(ctx.app, 'sign-in') },
        });
        expect(reply.statusCode).toBe(503);
        expect(reply.json().message).toMatch(/could not send the OTP/);
        expect(await ctx.db.select().from(otpCodes).where(eq(otpCodes.productNumber, number))).toEqual([]);
      });
    },
    {
      // Built per call: the gateway's port is known only once it listens.
      sms: {
        send: (to, text) =>
          createHttpSms({
            driver: 'http',
            url: `${base}/send?to={to}`,
            method: 'GET',
            authHeader: undefined,
            body: undefined,
            timeoutMs: 300,
          }).send(to, text),
        outbox: () => [],
      },
    },
  );
});
