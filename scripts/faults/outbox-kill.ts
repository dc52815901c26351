/**
 * Fault (e): the server is killed with SIGKILL while messages to issuers wait in the outbox, some
 * refused by the SMS gateway (503) and some in flight to a gateway that holds the request. Once
 * the gateway is back and the server has restarted, every message has reached the gateway exactly
 * once and every row is `sent`; a message claimed at the kill goes out after its lease.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScenarioResult } from './report.ts';
import { insertTickets, withClient, type Seed, type SeededUser } from './seed.ts';
import { call, sleep, startServer, type ServerProcess } from './server-process.ts';

const TICKETS = 12;
const GATEWAY_TIMEOUT_MS = 1500;
const SEND_TIMEOUT_MS = 1500;
/** A claim hides a message for twice the send timeout (DESIGN.md §13). */
const LEASE_MS = 2 * SEND_TIMEOUT_MS;
const DELIVERY_LIMIT_MS = 30_000;
/** Sends a server process has under way at once. */
const WORKER_LANES = 4;

type GatewayMode = 'refuse' | 'hold' | 'accept';

/**
 * A loopback SMS gateway that counts deliveries per message: `refuse` answers 503, `hold` keeps the
 * request unanswered, `accept` answers 200. A message counts as delivered only on a 200. Like the
 * gateways that take a client reference (`ref={id}`), it delivers a reference once: a repeat is
 * acknowledged and counted in `repeats`, never delivered again.
 */
export async function startCountingGateway() {
  const held: ServerResponse[] = [];
  const deliveries = new Map<string, number>();
  const references = new Set<string>();
  const gateway = {
    mode: 'refuse' as GatewayMode,
    calls: 0,
    repeats: 0,
    url: '',
    held,
    deliveries,
    close: async () => undefined as void,
  };
  const server = createServer((request, response) => {
    gateway.calls += 1;
    const query = new URL(request.url ?? '/', 'http://gateway').searchParams;
    const text = query.get('text') ?? '';
    const reference = query.get('ref') ?? '';
    if (gateway.mode === 'refuse') response.writeHead(503).end('{"status":"busy"}');
    else if (gateway.mode === 'hold') held.push(response);
    else if (references.has(reference)) {
      gateway.repeats += 1;
      response.writeHead(200).end('{"status":"duplicate"}');
    } else {
      references.add(reference);
      deliveries.set(text, (deliveries.get(text) ?? 0) + 1);
      response.writeHead(200).end('{"status":"sent"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send?to={to}&text={text}&ref={id}`;
  gateway.close = () =>
    new Promise<void>((resolve) => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return gateway;
}

interface OutboxRow {
  id: string;
  ticket_id: string;
  kind: string;
  body: string;
  status: string;
  attempts: number;
}

const rowsOf = (databaseUrl: string, ticketIds: number[]) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<OutboxRow>(
      'select id, ticket_id, kind, body, status, attempts from outbox_messages where ticket_id = any($1::bigint[]) order by id',
      [ticketIds],
    );
    return rows;
  });

export async function outboxKill(databaseUrl: string, seeded: Seed): Promise<ScenarioResult & { log: string }> {
  const problems: string[] = [];
  const gateway = await startCountingGateway();
  const server: ServerProcess = await startServer(databaseUrl, {
    SMS_DRIVER: 'http',
    SMS_HTTP_URL: gateway.url,
    SMS_HTTP_METHOD: 'GET',
    SMS_HTTP_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
    ALLOW_CONSOLE_SMS: 'off',
    NOTIFY_ISSUERS: 'sms',
    NOTIFY_POLL_MS: '200',
    NOTIFY_RETRY_MS: '200',
    NOTIFY_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
  });
  try {
    // The seeded accounts, signed in to this server (it has a secret of its own).
    const staff: SeededUser = { ...seeded.staff, token: await server.tokenFor(seeded.staff) };
    const customer: SeededUser = { ...seeded.customer, token: await server.tokenFor(seeded.customer) };
    const ticketIds = await insertTickets(databaseUrl, seeded, TICKETS);
    const write = async (path: string, user: SeededUser, json: unknown) => {
      const reply = await call(`${server.url}/api/v1/tickets/${path}`, { token: user.token, json });
      if (reply.status < 200 || reply.status >= 300)
        problems.push(`${path} answered ${reply.status}: ${reply.body || reply.error}`);
    };
    const reply = (ticketId: number, message: string, isInternal = false) =>
      write('add-comment', staff, { ticket_id: ticketId, message, is_internal: isInternal });
    const resolve = (ticketId: number) => write('resolve-ticket', staff, { ticket_id: ticketId });

    // While the gateway refuses: a reply on every other ticket, and what tells nobody (an internal
    // note, the issuer's own comment, a second reply within the throttle).
    const first = ticketIds.filter((_, i) => i % 2 === 0);
    const second = ticketIds.filter((_, i) => i % 2 === 1);
    for (const ticketId of first) await reply(ticketId, 'We are looking into it.');
    for (const ticketId of first) await reply(ticketId, 'A note for the desk only.', true);
    for (const ticketId of first) await write('add-comment', customer, { ticket_id: ticketId, message: 'Still slow.' });
    for (const ticketId of first) await reply(ticketId, 'One more thing.');
    await sleep(600);

    // The gateway now holds what it is sent: the messages of these writes are claimed and in flight.
    gateway.mode = 'hold';
    for (const ticketId of first) await resolve(ticketId);
    for (const ticketId of second) await reply(ticketId, 'Fixed on our side.');
    for (const ticketId of second) await resolve(ticketId);
    // The kill comes once every lane of the worker is waiting on the gateway (or a second later).
    const inFlight = () => gateway.held.filter((response) => !response.destroyed).length;
    const heldSince = Date.now();
    while (inFlight() < WORKER_LANES && Date.now() - heldSince < 1000) await sleep(20);
    const inFlightAtKill = inFlight();
    const beforeKill = await rowsOf(databaseUrl, ticketIds);
    await server.kill();

    // Gateway up, server back on the same data; every message must go out, each once.
    gateway.mode = 'accept';
    const restartMs = await server.start();
    const restartedAt = Date.now();
    let rows = await rowsOf(databaseUrl, ticketIds);
    while (rows.some((row) => row.status !== 'sent') && Date.now() - restartedAt < DELIVERY_LIMIT_MS) {
      await sleep(200);
      rows = await rowsOf(databaseUrl, ticketIds);
    }
    const deliveredMs = Date.now() - restartedAt;
    // Long enough for any second send (a lease running out) to arrive.
    await sleep(LEASE_MS + 1000);
    rows = await rowsOf(databaseUrl, ticketIds);

    const expected = TICKETS * 2;
    if (rows.length !== expected)
      problems.push(`${rows.length} messages were written, expected ${expected} (one reply and one resolve per ticket)`);
    for (const ticketId of ticketIds) {
      for (const kind of ['reply', 'resolved']) {
        const count = rows.filter((row) => Number(row.ticket_id) === ticketId && row.kind === kind).length;
        if (count !== 1) problems.push(`ticket ${ticketId} has ${count} ${kind} messages`);
      }
    }
    for (const row of rows) {
      if (row.status !== 'sent') problems.push(`message ${row.id} is ${row.status} after ${row.attempts} attempts`);
      const times = gateway.deliveries.get(row.body) ?? 0;
      if (times !== 1) problems.push(`message ${row.id} (${row.kind}, ticket ${row.ticket_id}) was delivered ${times} times`);
    }
    // Nothing else about these tickets reached the gateway (messages of earlier scenarios may).
    const ours = new Set(rows.map((row) => row.body));
    for (const [text, times] of gateway.deliveries) {
      const ticketId = Number(/#(\d+) /.exec(text)?.[1]);
      if (ticketIds.includes(ticketId) && !ours.has(text))
        problems.push(`the gateway got a message about ticket ${ticketId} that is not in the outbox (${times}×): ${text}`);
    }
    if (beforeKill.every((row) => row.attempts === 0)) problems.push('no message had been tried before the kill');
    if (beforeKill.every((row) => row.status === 'sent'))
      problems.push('nothing was pending at the kill: the crash tested nothing');
    if (inFlightAtKill === 0) problems.push('no message was in flight at the kill');

    return {
      name: '(e) kill -9 with messages pending',
      facts: {
        messages: rows.length,
        'pending at kill': beforeKill.filter((row) => row.status === 'pending').length,
        'in flight': inFlightAtKill,
        delivered: [...gateway.deliveries.values()].reduce((sum, n) => sum + n, 0),
        'all sent in ms': deliveredMs,
        'restart ms': restartMs,
      },
      problems,
      log: server.log(),
    };
  } finally {
    await server.stop();
    await gateway.close();
  }
}
