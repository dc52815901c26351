/**
 * One of the two processes is killed with SIGKILL during 200 comment writes sent through the
 * balancer: every acknowledged write is stored once (the fault run's check), and the messages to
 * issuers those writes queued go out exactly once although both processes work the outbox. A
 * message whose sending process died before it wrote "sent" is sent again after its lease, with
 * the same reference, which the gateway refuses (DESIGN.md §13, docs/decisions.md).
 */
import type { ScenarioResult } from '../faults/report.ts';
import { killDuringWrites } from '../faults/kill-during-writes.ts';
import { withClient, type Seed } from '../faults/seed.ts';
import { sleep } from '../faults/server-process.ts';
import type { Desk } from './across-processes.ts';

const DELIVERY_LIMIT_MS = 30_000;
/** Longer than a claim's lease (twice NOTIFY_SEND_TIMEOUT_MS): time for any second send to show. */
const AFTER_DELIVERY_MS = 4000;

async function outboxRows(databaseUrl: string) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string; body: string; status: string }>(
      'select id, body, status from outbox_messages order by id',
    );
    return rows;
  });
}

export async function killOneDuringWrites(desk: Desk, seeded: Seed): Promise<ScenarioResult> {
  const [victim] = desk.processes;
  // The writes go through the balancer; the kill and the restart are process 1's.
  const result = await killDuringWrites(desk.databaseUrl, { ...victim, url: desk.url }, seeded);

  const began = Date.now();
  let rows = await outboxRows(desk.databaseUrl);
  while (rows.some((row) => row.status !== 'sent') && Date.now() - began < DELIVERY_LIMIT_MS) {
    await sleep(200);
    rows = await outboxRows(desk.databaseUrl);
  }
  await sleep(AFTER_DELIVERY_MS);
  rows = await outboxRows(desk.databaseUrl);
  const problems = [...result.problems];
  if (rows.length === 0) problems.push('the writes queued no message to an issuer: the outbox was not tested');
  for (const row of rows.filter((row) => row.status !== 'sent')) problems.push(`message ${row.id} is still ${row.status}`);
  // Texts may repeat (two messages alike); each must arrive as often as it was queued, no more.
  const queued = new Map<string, number>();
  for (const row of rows) queued.set(row.body, (queued.get(row.body) ?? 0) + 1);
  let twice = 0;
  for (const [body, count] of queued) {
    const delivered = desk.gateway.deliveries.get(body) ?? 0;
    if (delivered > count) twice += delivered - count;
    if (delivered !== count) problems.push(`"${body.slice(0, 50)}…" was queued ${count}× and delivered ${delivered}×`);
  }
  return {
    ...result,
    name: '(a) kill -9 of one of two processes during 200 writes',
    facts: {
      ...result.facts,
      'messages to issuers': rows.length,
      'sent twice': twice,
      'resends the gateway refused': desk.gateway.repeats,
    },
    problems,
  };
}
