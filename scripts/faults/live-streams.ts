/**
 * Live event streams (GET /api/v1/events) as clients hold them: the fault run watches them across
 * the database outage, the soak holds hundreds of them.
 */
import { percentile, type ScenarioResult } from './report.ts';
import { insertTickets, type Seed } from './seed.ts';
import { call, sleep, type ServerProcess } from './server-process.ts';

export interface LiveStream {
  status: number;
  /** Event names with the time each arrived (ms, performance.now()). */
  events: { name: string; data: string; at: number }[];
  heartbeats: number;
  /** How it ended: 'clean' (the server closed it), 'error' (reset, aborted), or null while open. */
  ended: 'clean' | 'error' | null;
  close(): void;
}

/** Opens a stream; resolves once its status is known (a refusal ends it at once). */
export async function openLiveStream(baseUrl: string, token: string): Promise<LiveStream> {
  const abort = new AbortController();
  const stream: LiveStream = { status: 0, events: [], heartbeats: 0, ended: null, close: () => abort.abort() };
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/api/v1/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  } catch {
    stream.ended = 'error';
    return stream;
  }
  stream.status = response.status;
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    stream.ended = 'clean';
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame === ': heartbeat') stream.heartbeats += 1;
          const name = /^event: (.+)$/m.exec(frame)?.[1];
          if (name) stream.events.push({ name, data: /^data: (.+)$/m.exec(frame)?.[1] ?? '', at: performance.now() });
        }
      }
      stream.ended = 'clean';
    } catch {
      stream.ended = 'error';
    }
  })();
  return stream;
}

/** Waits until `check` holds or `ms` pass; whether it held. */
export async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

const STREAMS = 6;
/** After the database is back, a stream must open again and hear a write within this. */
const RESUME_BUDGET_MS = 15_000;
/** A write is heard on an open stream within this (the "within a second"). */
const HEARD_BUDGET_MS = 1000;

/**
 * Opens streams of staff and of a customer before the database outage; `afterOutage` checks that
 * they ended cleanly (or are still open with heartbeats), that new streams open once the database
 * is back and that a comment written then is heard within a second.
 */
export async function watchLiveStreams(server: ServerProcess, seeded: Seed, databaseUrl: string) {
  const before = await Promise.all(
    Array.from({ length: STREAMS }, (_, i) => openLiveStream(server.url, i % 2 ? seeded.customer.token : seeded.staff.token)),
  );
  return {
    async afterOutage(): Promise<ScenarioResult> {
      const problems: string[] = [];
      const refused = before.filter((stream) => stream.status !== 200).length;
      if (refused > 0) problems.push(`${refused} of ${before.length} streams were refused before the outage`);
      const broken = before.filter((stream) => stream.ended === 'error').length;
      if (broken > 0) problems.push(`${broken} streams broke off instead of ending cleanly`);
      const silent = before.filter((stream) => stream.ended === null && stream.heartbeats === 0).length;
      if (silent > 0) problems.push(`${silent} streams stayed open without a heartbeat`);
      for (const stream of before) stream.close();

      const [ticketId = 0] = await insertTickets(databaseUrl, seeded, 1);
      const began = Date.now();
      let staff: LiveStream | null = null;
      let customer: LiveStream | null = null;
      while (Date.now() - began < RESUME_BUDGET_MS && (!staff || !customer)) {
        staff ??= await openLiveStream(server.url, seeded.staff.token).then((s) => (s.status === 200 ? s : null));
        customer ??= await openLiveStream(server.url, seeded.customer.token).then((s) => (s.status === 200 ? s : null));
        if (!staff || !customer) await sleep(200);
      }
      const reopenMs = Date.now() - began;
      const latencies: number[] = [];
      if (!staff || !customer) problems.push(`no stream opened within ${RESUME_BUDGET_MS} ms of the database's return`);
      else {
        for (let i = 0; i < 5; i++) {
          const seen = staff.events.length;
          const sentAt = performance.now();
          const reply = await call(`${server.url}/api/v1/tickets/add-comment`, {
            token: seeded.staff.token,
            json: { ticket_id: ticketId, message: 'Back again', is_internal: true },
          });
          if (reply.status !== 201) problems.push(`a comment after the outage answered ${reply.status}`);
          const heard = await waitFor(() => staff.events.length > seen, 5000);
          if (!heard) problems.push('a comment after the outage was not heard on the staff stream');
          else latencies.push((staff.events[seen]?.at ?? sentAt) - sentAt);
        }
        const slow = latencies.filter((ms) => ms > HEARD_BUDGET_MS).length;
        if (slow > 0) problems.push(`${slow} comments were heard later than ${HEARD_BUDGET_MS} ms`);
        // Internal notes on the customer's ticket: the customer hears the status move of the first, never a note.
        await sleep(200);
        const names = customer.events.map((event) => event.name).join(', ');
        if (names !== 'ticket.changed') problems.push(`the customer heard [${names}] instead of one ticket.changed`);
        staff.close();
        customer.close();
      }
      return {
        name: '(b′) live streams across the PostgreSQL crash',
        facts: {
          'streams before': before.length,
          'ended cleanly': before.filter((stream) => stream.ended === 'clean').length,
          'open with heartbeats': before.filter((stream) => stream.ended === null && stream.heartbeats > 0).length,
          'reopened after ms': staff && customer ? reopenMs : 'never',
          'heard p50 ms': Math.round(percentile(latencies, 50)),
          'heard max ms': Math.round(Math.max(0, ...latencies)),
        },
        problems,
      };
    },
  };
}
