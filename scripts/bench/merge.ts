/**
 * The merge row of DESIGN.md §27's budget: a ticket with COMMENTS_PER_SOURCE comments merged into
 * another of the same customer and number. Each round, the sample's writer raises two tickets about
 * one number through the API and cc staff write the comments on the older one (untimed); then the
 * sample admin merges it into the newer one, timed from the POST to its reply, one merge at a time
 * as staff do. The tickets are bench writes: the next run's clean-up removes them.
 */
import { summarise, type Measurement } from './load.ts';
import type { RunningProcess } from './processes.ts';
import { addCommentBody, createTicketBody, type CorpusSample, type Viewer } from './scenarios.ts';

/** The budget: a merge of a ticket with 200 comments, p95, ms. */
export const MERGE_P95_MS = 100;
const COMMENTS_PER_SOURCE = 200;
const ROUNDS = 20;
/** Comments written at once while a round is prepared. */
const WRITERS = 8;

async function post<T>(server: RunningProcess, viewer: Viewer, path: string, body: unknown, status: number): Promise<T> {
  const reply = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${viewer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (reply.status !== status) throw new Error(`POST ${path} answered ${reply.status}: ${await reply.text()}`);
  return (await reply.json()) as T;
}

/** Two tickets of the writer about one number, the first with COMMENTS_PER_SOURCE comments: [source, target]. */
async function duplicates(server: RunningProcess, sample: CorpusSample, round: number): Promise<[number, number]> {
  const raise = async (n: number) => {
    const body = { ...createTicketBody(sample, n), problematic_number: sample.writer.productNumber };
    return (await post<{ data: { ticket_id: number } }>(server, sample.writer, '/tickets/issue-ticket', body, 201)).data
      .ticket_id;
  };
  const source = await raise(round * 2);
  const target = await raise(round * 2 + 1);
  let written = 0;
  const writer = async () => {
    while (written < COMMENTS_PER_SOURCE) {
      written += 1;
      await post(server, sample.staff, '/tickets/add-comment', { ...addCommentBody(sample, written), ticket_id: source }, 201);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return [source, target];
}

export async function measureMerge(server: RunningProcess, sample: CorpusSample): Promise<Measurement> {
  const timings: number[] = [];
  const statuses: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    const [source, target] = await duplicates(server, sample, round);
    const started = performance.now();
    const reply = await fetch(`${server.url}/api/v1/tickets/${source}/merge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sample.staff.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ into_ticket_id: target }),
    });
    await reply.arrayBuffer();
    if (reply.ok) timings.push(performance.now() - started);
    else statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
  }
  const errors = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  const seconds = timings.reduce((sum, timing) => sum + timing, 0) / 1000;
  return summarise(`merge: a ticket with ${COMMENTS_PER_SOURCE} comments`, 'api', timings, seconds, errors, statuses);
}
