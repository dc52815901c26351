/**
 * Fault (f): the server is killed with SIGKILL while webhook deliveries are pending and in flight
 * to a receiver that holds their requests. Once the receiver answers and the server has restarted,
 * every event has reached the receiver at least once, every copy with its delivery's one
 * `webhook-id` and a signature the Standard Webhooks reference library accepts, and every delivery
 * is `delivered`. A delivery claimed at the kill goes out again after its lease (30 s).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { ScenarioResult } from './report.ts';
import { insertTickets, withClient, type Seed, type SeededUser } from './seed.ts';
import { call, sleep, startServer, type ServerProcess } from './server-process.ts';

const TICKETS = 10;
/** A claim hides a delivery for three times the 10 s request timeout. */
const LEASE_MS = 30_000;
const DELIVERY_LIMIT_MS = LEASE_MS + 30_000;

type ReceiverMode = 'hold' | 'accept';

/** A loopback receiver that verifies each request and counts the copies of each webhook-id. */
async function startCountingReceiver(secret: string) {
  const held: ServerResponse[] = [];
  const copies = new Map<string, number>();
  const receiver = {
    mode: 'hold' as ReceiverMode,
    held,
    copies,
    badSignatures: 0,
    url: '',
    close: async () => undefined as void,
  };
  const verifier = new Webhook(secret);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      if (receiver.mode === 'hold') {
        held.push(response);
        return;
      }
      try {
        verifier.verify(Buffer.concat(chunks).toString('utf8'), headers);
      } catch {
        receiver.badSignatures += 1;
      }
      const id = headers['webhook-id'] ?? '';
      copies.set(id, (copies.get(id) ?? 0) + 1);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

interface DeliveryRow {
  id: string;
  event: string;
  status: string;
  attempts: number;
}

const deliveriesOf = (databaseUrl: string, endpointId: string) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<DeliveryRow>(
      'select id, event, status, attempts from webhook_deliveries where endpoint_id = $1 order by seq',
      [endpointId],
    );
    return rows;
  });

export async function webhookKill(databaseUrl: string, seeded: Seed): Promise<ScenarioResult & { log: string }> {
  const problems: string[] = [];
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const receiver = await startCountingReceiver(secret);
  const endpointId = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into webhook_endpoints (url, description, department, events, secret)
       values ($1, 'fault run', 'cc', array['ticket.changed', 'comment.added'], $2) returning id`,
      [receiver.url, secret],
    );
    return rows[0]?.id ?? '';
  });
  const server: ServerProcess = await startServer(databaseUrl, {
    WEBHOOK_ALLOW_PRIVATE: 'on',
    WEBHOOK_ALLOW_HTTP: 'on',
    WEBHOOK_POLL_MS: '200',
  });
  try {
    const staff: SeededUser = { ...seeded.staff, token: await server.tokenFor(seeded.staff) };
    const ticketIds = await insertTickets(databaseUrl, seeded, TICKETS);
    for (const ticketId of ticketIds) {
      const reply = await call(`${server.url}/api/v1/tickets/add-comment`, {
        token: staff.token,
        json: { ticket_id: ticketId, message: 'Engineers are on the way.', is_internal: false },
      });
      if (reply.status !== 201) problems.push(`add-comment answered ${reply.status}: ${reply.body || reply.error}`);
    }
    // The kill comes once the worker waits on the receiver (or a second later).
    const heldSince = Date.now();
    while (receiver.held.length < 4 && Date.now() - heldSince < 1000) await sleep(20);
    const inFlightAtKill = receiver.held.filter((response) => !response.destroyed).length;
    const beforeKill = await deliveriesOf(databaseUrl, endpointId);
    await server.kill();
    for (const response of receiver.held) response.destroy();

    receiver.mode = 'accept';
    const restartMs = await server.start();
    const restartedAt = Date.now();
    let rows = await deliveriesOf(databaseUrl, endpointId);
    while (rows.some((row) => row.status !== 'delivered') && Date.now() - restartedAt < DELIVERY_LIMIT_MS) {
      await sleep(500);
      rows = await deliveriesOf(databaseUrl, endpointId);
    }
    const deliveredMs = Date.now() - restartedAt;

    // One comment.added and one ticket.changed (open → in progress) per ticket.
    const expected = TICKETS * 2;
    if (rows.length !== expected) problems.push(`${rows.length} deliveries were written, expected ${expected}`);
    for (const row of rows) {
      if (row.status !== 'delivered')
        problems.push(`delivery ${row.id} (${row.event}) is ${row.status} after ${row.attempts} attempts`);
      if (!receiver.copies.has(row.id)) problems.push(`delivery ${row.id} (${row.event}) never reached the receiver`);
    }
    const known = new Set(rows.map((row) => row.id));
    for (const id of receiver.copies.keys()) if (!known.has(id)) problems.push(`the receiver got an unknown webhook-id ${id}`);
    if (receiver.badSignatures > 0)
      problems.push(`${receiver.badSignatures} copies failed the Standard Webhooks signature check`);
    if (inFlightAtKill === 0) problems.push('no delivery was in flight at the kill');
    if (beforeKill.every((row) => row.status === 'delivered'))
      problems.push('nothing was pending at the kill: the crash tested nothing');

    return {
      name: '(f) kill -9 with webhooks in flight',
      facts: {
        deliveries: rows.length,
        'pending at kill': beforeKill.filter((row) => row.status === 'pending').length,
        'in flight': inFlightAtKill,
        'copies received': [...receiver.copies.values()].reduce((sum, n) => sum + n, 0),
        'all delivered in ms': deliveredMs,
        'restart ms': restartMs,
      },
      problems,
      log: server.log(),
    };
  } finally {
    await server.stop();
    await receiver.close();
  }
}
