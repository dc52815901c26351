/**
 * Fault (a): the server is killed with SIGKILL while 200 comment writes are in flight. After a
 * restart every write that got a 2xx is in the database exactly once, and no write is there in
 * part: each comment is whole, its attachment is claimed by it, and the status move it caused
 * happened with it.
 */
import { randomBytes } from 'node:crypto';
import type { ScenarioResult } from './report.ts';
import { insertTickets, uploadPng, withClient, type Seed, type SeededUser } from './seed.ts';
import { call, type Reply, type ServerProcess } from './server-process.ts';

const WRITES = 200;
const TICKETS = 20;
const WITH_ATTACHMENT = 20;
/** The kill comes once this many writes have been answered: most are still in flight then. */
const KILL_AFTER_ANSWERS = 50;

interface Write {
  index: number;
  ticketId: number;
  author: SeededUser;
  message: string;
  isInternal: boolean;
  attachment: string | null;
}

interface StoredComment {
  id: string;
  ticket_id: string;
  message: string;
  is_internal: boolean;
  commenter_user_id: string;
  attachments: string[];
}

/** The storage key of an attachment address, of the local store or of a bucket. */
const keyOf = (url: string) => url.slice(url.indexOf('attachments/'));

/** No answer: the connection broke, or (through a balancer) the balancer said its upstream did (502). */
const cutOff = (reply: Reply) => reply.status === 0 || reply.status === 502;

export async function killDuringWrites(databaseUrl: string, server: ServerProcess, seeded: Seed): Promise<ScenarioResult> {
  const problems: string[] = [];
  const ticketIds = await insertTickets(databaseUrl, seeded, TICKETS);
  const uploads: string[] = [];
  for (let i = 0; i < WITH_ATTACHMENT; i++) {
    const uploaded = await uploadPng(server, seeded.staff);
    if ('failed' in uploaded) throw new Error(`could not prepare uploads: ${uploaded.failed}`);
    uploads.push(uploaded.url);
  }
  const run = randomBytes(4).toString('hex');
  const writes: Write[] = Array.from({ length: WRITES }, (_, index) => {
    const author = index % 3 === 0 ? seeded.customer : seeded.staff;
    return {
      index,
      ticketId: ticketIds[index % TICKETS] ?? 0,
      author,
      // Of differing lengths and with Bangla, so that a torn write could not look whole.
      message: `fault-a ${run} #${index} ${'ক'.repeat(index % 40)} end`,
      isInternal: author === seeded.staff && index % 2 === 0,
      // The staff member's own uploads (an attachment must be its author's).
      attachment: author === seeded.staff ? (uploads.shift() ?? null) : null,
    };
  });

  let answers = 0;
  let killed: Promise<void> | null = null;
  const replies = await Promise.all(
    writes.map(async (write): Promise<[Write, Reply]> => {
      const reply = await call(`${server.url}/api/v1/tickets/add-comment`, {
        token: write.author.token,
        json: {
          ticket_id: write.ticketId,
          message: write.message,
          is_internal: write.isInternal,
          attachments: write.attachment ? [write.attachment] : [],
        },
      });
      answers += 1;
      if (answers === KILL_AFTER_ANSWERS) killed = server.kill();
      return [write, reply];
    }),
  );
  await (killed ?? server.kill());
  const restartMs = await server.start();

  const acknowledged = replies.filter(([, reply]) => reply.status >= 200 && reply.status < 300).map(([write]) => write);
  const refused = replies.filter(([, reply]) => reply.status >= 300 && !cutOff(reply));
  for (const [write, reply] of refused)
    problems.push(`write #${write.index} answered ${reply.status} before the kill: ${reply.body}`);
  const stored = await withClient(databaseUrl, async (client) => {
    const comments = await client.query<StoredComment>(
      'select id, ticket_id, message, is_internal, commenter_user_id, attachments from comments where message like $1',
      [`fault-a ${run} #%`],
    );
    const uploadRows = await client.query<{ key: string; used_by: string | null }>('select key, used_by from uploads');
    const statuses = await client.query<{ ticket_id: string; ticket_status: string }>(
      'select ticket_id, ticket_status from tickets where ticket_id = any($1::bigint[])',
      [ticketIds],
    );
    return { comments: comments.rows, uploads: uploadRows.rows, statuses: statuses.rows };
  });

  const byIndex = new Map<number, StoredComment[]>();
  let torn = 0;
  for (const comment of stored.comments) {
    const index = Number(/#(\d+) /.exec(comment.message)?.[1] ?? -1);
    const write = writes[index];
    const whole =
      write !== undefined &&
      comment.message === write.message &&
      Number(comment.ticket_id) === write.ticketId &&
      comment.is_internal === write.isInternal &&
      comment.commenter_user_id === write.author.id &&
      JSON.stringify(comment.attachments) === JSON.stringify(write.attachment ? [keyOf(write.attachment)] : []);
    if (!whole) {
      torn += 1;
      problems.push(`comment ${comment.id} is not the write it started as: ${comment.message.slice(0, 60)}`);
    }
    byIndex.set(index, [...(byIndex.get(index) ?? []), comment]);
  }
  const lost = acknowledged.filter((write) => !byIndex.has(write.index));
  for (const write of lost) problems.push(`write #${write.index} was acknowledged but is gone`);
  for (const [index, copies] of byIndex) if (copies.length > 1) problems.push(`write #${index} is stored ${copies.length} times`);

  // The parts of one write: its attachment is claimed by it, and by nothing that is not there.
  const commentIds = new Set(stored.comments.map((comment) => comment.id));
  for (const comment of stored.comments) {
    for (const key of comment.attachments) {
      const row = stored.uploads.find((upload) => upload.key === key);
      if (row?.used_by !== `comment:${comment.id}`) problems.push(`the attachment of comment ${comment.id} is not claimed by it`);
    }
  }
  for (const upload of stored.uploads) {
    const claimedBy = upload.used_by?.replace(/^comment:/, '');
    if (upload.used_by?.startsWith('comment:') && claimedBy && !commentIds.has(claimedBy)) {
      problems.push(`upload ${upload.key} is claimed by a comment that does not exist`);
    }
  }
  // A staff reply moves an open ticket to in progress in the same transaction as the comment.
  for (const status of stored.statuses) {
    const staffReplied = stored.comments.some(
      (comment) => Number(comment.ticket_id) === Number(status.ticket_id) && comment.commenter_user_id === seeded.staff.id,
    );
    if (staffReplied && status.ticket_status === 'open')
      problems.push(`ticket ${status.ticket_id} has a staff reply but is still open`);
  }
  if (acknowledged.length === WRITES) problems.push('every write finished before the kill: the crash tested nothing');

  return {
    name: '(a) kill -9 during 200 comment writes',
    facts: {
      acknowledged: acknowledged.length,
      'cut off': replies.filter(([, reply]) => cutOff(reply)).length,
      stored: stored.comments.length,
      'half-written': torn,
      'restart ms': restartMs,
    },
    problems,
    writesLost: lost.length,
  };
}
