/**
 * The token check's cost (DESIGN.md §21): the server's CPU time per reply of the same cheap read,
 * a ticket by id, with a staff member's session token and with an API client's token (`sb_…`,
 * created through the API by the sample's admin, acting as cc staff with `tickets:read`, revoked
 * after). The two run in turn, twice each, so that the machine's load weighs on both alike.
 */
import { measureHttp, type HttpScenario, type LoadOptions, type Measurement } from './load.ts';
import type { RunningProcess } from './processes.ts';
import { randomTicketId, type CorpusSample } from './scenarios.ts';

/** Rounds of (session, client) measured; the rows keep the median CPU per reply of each. */
const ROUNDS = 5;

export interface TokenRows {
  session: Measurement;
  client: Measurement;
}

async function createClient(server: RunningProcess, adminToken: string): Promise<{ id: string; token: string }> {
  const response = await fetch(`${server.url}/api/v1/api-clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench token check', department: 'cc', scopes: ['tickets:read'], expires_in_days: 1 }),
  });
  if (response.status !== 201) throw new Error(`creating an API client answered ${response.status}: ${await response.text()}`);
  const created = (await response.json()) as { data: { id: string }; token: string };
  return { id: created.data.id, token: created.token };
}

async function revokeClient(server: RunningProcess, adminToken: string, id: string): Promise<void> {
  await fetch(`${server.url}/api/v1/api-clients/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${adminToken}` } });
}

function ticketById(name: string, token: string, sample: CorpusSample): HttpScenario {
  return {
    name,
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
    next: () => ({ path: `/api/v1/tickets/get-ticket-by-id/${randomTicketId(sample)}` }),
  };
}

/** The run of the rounds whose CPU per reply is the median. */
function median(runs: Measurement[]): Measurement {
  const sorted = [...runs].sort((a, b) => (a.cpuPerReply ?? Infinity) - (b.cpuPerReply ?? Infinity));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('no run');
  return middle;
}

export async function measureTokenCheck(
  server: RunningProcess,
  sample: CorpusSample,
  load: LoadOptions,
  settle: () => Promise<void>,
): Promise<TokenRows> {
  const client = await createClient(server, sample.staff.token);
  try {
    const session = ticketById('token check: session token (ticket by id)', sample.staff.token, sample);
    const clientToken = ticketById('token check: client token (ticket by id)', client.token, sample);
    const sessions: Measurement[] = [];
    const clients: Measurement[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      sessions.push(await measureHttp(server, session, 'api', load));
      await settle();
      clients.push(await measureHttp(server, clientToken, 'api', load));
      await settle();
      const cpu = (runs: Measurement[]) => Math.round(runs.at(-1)?.cpuPerReply ?? Number.NaN);
      console.log(`  round ${round + 1}: session ${cpu(sessions)} µs/reply, client ${cpu(clients)} µs/reply`);
    }
    return { session: median(sessions), client: median(clients) };
  } finally {
    await revokeClient(server, sample.staff.token, client.id);
  }
}
