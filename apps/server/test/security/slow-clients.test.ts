/**
 * A client that trickles its request is cut off (ASVS V13.1.3 resource limits; slowloris): the
 * server has a deadline for the headers and for the whole request, while a quick client keeps its
 * connection alive for the next request. Short deadlines here; production uses SERVER_TIMEOUTS.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, SERVER_TIMEOUTS, type ServerTimeouts } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { openTestDatabase } from '../test-databases.ts';
import { testConfig } from '../test-config.ts';

const SHORT: ServerTimeouts = { headers: 1_000, request: 1_500, idle: 10_000, checkEvery: 250 };

let app: FastifyInstance;
let database: Database;
let port = 0;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  app = await buildApp(testConfig(), database, { logger: false, timeouts: SHORT });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.close();
});

/** Opens a raw connection and resolves, with what the server sent, once the server closes it. */
function trickle(send: (socket: Socket) => void): Promise<{ received: string; afterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    const socket = connect(port, '127.0.0.1', () => send(socket));
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ received, afterMs: Date.now() - started }));
  });
}

/** Writes one byte a few times a second until the socket closes. */
function dripEvery(socket: Socket, bytes: string): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= bytes.length) return clearInterval(timer);
    socket.write(bytes[index++] ?? '');
  }, 100);
  socket.on('close', () => clearInterval(timer));
}

it('keeps production deadlines of 30 to 60 seconds', () => {
  expect(SERVER_TIMEOUTS.request + SERVER_TIMEOUTS.checkEvery).toBeLessThanOrEqual(60_000);
  expect(SERVER_TIMEOUTS.request).toBeGreaterThanOrEqual(30_000);
  expect(SERVER_TIMEOUTS.headers).toBeLessThanOrEqual(SERVER_TIMEOUTS.request);
});

it('cuts off a client that trickles its body', { timeout: 20_000 }, async () => {
  const body = JSON.stringify({ product_number: '01712345678', token: 'x'.repeat(400) });
  const { received, afterMs } = await trickle((socket) => {
    socket.write(
      `POST /api/v1/users/generate-otp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    dripEvery(socket, body);
  });
  expect(received).toMatch(/^HTTP\/1\.1 408/);
  expect(afterMs).toBeLessThan(10_000);
});

it('cuts off a client that trickles its headers', { timeout: 20_000 }, async () => {
  const { received, afterMs } = await trickle((socket) =>
    dripEvery(socket, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(400)}`),
  );
  expect(received).toMatch(/^HTTP\/1\.1 408/);
  expect(afterMs).toBeLessThan(10_000);
});

it('keeps a quick client connected for its next request', { timeout: 20_000 }, async () => {
  const socket = connect(port, '127.0.0.1');
  const replies: string[] = [];
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    const replyCount = buffer.split('HTTP/1.1 200').length - 1;
    while (replies.length < replyCount) replies.push('200');
  });
  const ask = () => socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  ask();
  // Longer than the request deadline: an idle kept-alive socket is not a slow request.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  ask();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(replies).toEqual(['200', '200']);
  expect(socket.destroyed).toBe(false);
  socket.destroy();
});
