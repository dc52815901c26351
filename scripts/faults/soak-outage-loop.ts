/**
 * The outage loop of the soak (docs/performance.md, "Soak"): what the desk takes beside its own
 * traffic while an outage runs its course, through the bench's own alarm, outage and SMS drivers.
 *
 * Before the clock starts the sample admin imports the struck area's subscribers, min(100,000,
 * 1,000,000 × BENCH_SCALE) as in the outage rows, through POST /subscribers/import (numbered as the
 * inbound SMS bench's product numbers, so that their replies file tickets), and makes the alarm
 * storm's routing rule (onto the struck area) and monitoring clients, and the SMS gateway's client.
 * While the soak runs:
 *
 * - an alarm storm: ALARM_BATCHES_PER_SECOND batches of 100 generic alarms from the monitoring
 *   clients; the first routed batch opens the incident on the struck area, later ones join it;
 * - once the incident exists, an outage broadcast to the struck area's subscribers, queued through
 *   POST /incidents/{id}/broadcasts and sent at SMS_PER_SECOND;
 * - once it is queued, the subscribers' replies: inbound SMS callbacks at REPLIES_PER_SECOND, some a
 *   STATUS, the rest text that opens a ticket or comments on it.
 *
 * Every minute tells the batches and replies answered and refused, and the broadcast's messages sent
 * and still waiting. Afterwards the broadcast is cancelled, the incident resolved, the rule deleted,
 * the clients revoked, and the alarms, subscribers, their messages and the replies' rows removed.
 */
import type pg from 'pg';
import { ALARMS_PER_BATCH, postAlarmBatch, prepareStorm, removeStorm } from '../bench/alarms.ts';
import {
  FULL_BROADCAST_ROWS,
  FULL_IMPORT_ROWS,
  importSubscribers,
  prepareAreas,
  queueBroadcast,
  removeOutage,
  STRUCK_AREA,
} from '../bench/outages.ts';
import type { RunningProcess } from '../bench/processes.ts';
import { gatewayToken, INBOUND_NUMBERS, inboundNumberOf, postInboundSms, removeInbound } from '../bench/sms.ts';
import { percentile } from './report.ts';

/** Batches of 100 alarms a second from all monitoring clients: a fifth of DESIGN.md §22's 2,000 alarms/s. */
const ALARM_BATCHES_PER_SECOND = 4;
/** Subscribers' replies a second: DESIGN.md §24 asks the desk to take 100/s, an outage's replies come slower. */
const REPLIES_PER_SECOND = 15;
/** An outage's broadcast draws more STATUS replies than the SMS bench's one in ten. */
const STATUS_SHARE_OF_REPLIES = 0.3;
/** The gateway's callbacks under way at once: enough to keep the pace while the desk answers slowly. */
const REPLY_LOOPS = 8;
/** The server's default pace of broadcasts (the bench's server holds them at 0.1 SMS/s). */
const SMS_PER_SECOND = 20;
/** A request of the loop not answered by then counts as refused. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Inbound outcomes that mean the desk did not take a reply as it should (the loop stays under the hourly limit). */
const REFUSED_OUTCOMES = new Set(['refused', 'limited']);

/** The soak server's settings for the loop, beside the bench's (processes.ts). */
export const OUTAGE_LOOP_SERVER_ENV: NodeJS.ProcessEnv = {
  SMS_RATE_PER_SECOND: String(SMS_PER_SECOND),
  // Quiet hours (22–8 by default) would hold an outage broadcast back whatever the hour of the soak.
  SMS_QUIET_HOURS: 'off',
};

/** One side load's requests in a minute: answered as expected, refused (another status, or no answer), their latencies. */
interface Tally {
  answered: number;
  refused: number;
  latencies: number[];
}

/** What the loop did in one minute of the soak (the broadcast's counts are since it was queued). */
export interface OutageMinute {
  alarmBatches: number;
  alarmBatchesRefused: number;
  alarmBatchP99: number;
  smsReceived: number;
  smsRefused: number;
  smsP99: number;
  broadcastSent: number;
  broadcastWaiting: number;
  broadcastFailed: number;
}

/** The loop's facts for the record: the subscribers, the incident, the broadcast, what the replies did. */
export interface OutageSummary {
  subscribers: number;
  incidentId: number | null;
  broadcastRecipients: number | null;
  broadcastQueuedSeconds: number | null;
  broadcastProblem: string | null;
  replyOutcomes: Record<string, number>;
}

export interface OutageLoop {
  /** Runs the storm, the broadcast and the replies until `endAt` (Date.now() ms) or stop(). */
  run(endAt: number): Promise<void>;
  /** Closes the current minute: its tallies, and the broadcast's messages as they stand. */
  takeMinute(): Promise<OutageMinute>;
  summary(): OutageSummary;
  stop(): void;
  /** Removes everything the loop made (also after a failed run). */
  cleanUp(): Promise<void>;
}

interface LoopState {
  server: RunningProcess;
  pool: pg.Pool;
  admin: string;
  /** The monitoring clients' tokens. */
  monitors: string[];
  gateway: string;
  summary: OutageSummary;
  alarms: Tally;
  replies: Tally;
  stopped: boolean;
  broadcastId: string | null;
}

const emptyTally = (): Tally => ({ answered: 0, refused: 0, latencies: [] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (ms: number) => Math.round(ms * 10) / 10;

/** A promise with its resolve at hand: the incident and the broadcast are awaited by the loads that follow them. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The struck area's subscribers, rule, clients and gateway, made before the clock starts. */
export async function prepareOutageLoop(
  server: RunningProcess,
  pool: pg.Pool,
  admin: string,
  scale: number,
): Promise<OutageLoop> {
  const subscribers = Math.min(FULL_BROADCAST_ROWS, Math.max(1, Math.round(FULL_IMPORT_ROWS * scale)));
  await prepareAreas(server, pool, admin);
  await importSubscribers(server, admin, subscribers, subscribers, inboundNumberOf);
  // What autovacuum would have done by the time an outage strikes (the bench's PostgreSQL runs without it).
  await pool.query('analyze subscribers');
  const monitors = await prepareStorm(server, pool, admin, [STRUCK_AREA]);
  const gateway = await gatewayToken(server, admin);
  const state: LoopState = {
    server,
    pool,
    admin,
    monitors,
    gateway,
    summary: {
      subscribers,
      incidentId: null,
      broadcastRecipients: null,
      broadcastQueuedSeconds: null,
      broadcastProblem: null,
      replyOutcomes: {},
    },
    alarms: emptyTally(),
    replies: emptyTally(),
    stopped: false,
    broadcastId: null,
  };
  return {
    run: (endAt) => runLoop(state, endAt),
    takeMinute: () => takeMinute(state),
    summary: () => state.summary,
    stop: () => {
      state.stopped = true;
    },
    cleanUp: () => cleanUp(state),
  };
}

/** `loops` loops that together start `perSecond` requests a second, each waiting for its own, until `going()` says no. */
async function paced(loops: number, perSecond: number, going: () => boolean, request: (loop: number) => Promise<void>) {
  const gapMs = (1000 * loops) / perSecond;
  const started = Date.now();
  const loop = async (index: number) => {
    let next = started + (gapMs * index) / loops;
    while (going()) {
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      if (!going()) return;
      next += gapMs;
      await request(index);
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, index) => loop(index)));
}

/**
 * Sends one request and counts it in the tally of the minute it ends in (`tallyNow`): answered when
 * `taken` says so of its status and body, else refused, as is a request with no answer in time.
 */
async function counted(
  tallyNow: () => Tally,
  send: (signal: AbortSignal) => Promise<Response>,
  taken: (status: number, body: string) => boolean,
): Promise<string | null> {
  const began = performance.now();
  try {
    const reply = await send(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
    const body = await reply.text();
    const tally = tallyNow();
    tally.latencies.push(performance.now() - began);
    if (taken(reply.status, body)) tally.answered += 1;
    else tally.refused += 1;
    return reply.status === 200 ? body : null;
  } catch {
    tallyNow().refused += 1;
    return null;
  }
}

/** The incident a storm's reply names: the one its batch opened, else the one it joined. */
function incidentOf(body: string | null): number | undefined {
  if (body === null) return undefined;
  const { data } = JSON.parse(body) as { data: { opened_incident_ids: number[]; joined_incident_ids: number[] } };
  return data.opened_incident_ids[0] ?? data.joined_incident_ids[0];
}

/** The storm, the broadcast once the storm has its incident, and the replies once the broadcast is queued. */
async function runLoop(state: LoopState, endAt: number): Promise<void> {
  const going = () => !state.stopped && Date.now() < endAt;
  const incident = deferred<number | undefined>();
  const broadcast = deferred<boolean>();
  const storm = paced(state.monitors.length, ALARM_BATCHES_PER_SECOND, going, async (client) => {
    const body = await counted(
      () => state.alarms,
      (signal) => postAlarmBatch(state.server, state.monitors, client, signal),
      (status) => status === 200,
    );
    const id = incidentOf(body);
    if (id !== undefined) incident.resolve(id);
  });
  // A storm that ended without an incident lets the broadcast give up rather than wait for ever.
  const stormOver = storm.then(() => incident.resolve(undefined));
  const broadcasting = incident.promise.then(async (id) => broadcast.resolve(await queueOutageBroadcast(state, id)));
  const replies = broadcast.promise.then((queued) => (queued ? runReplies(state, going) : undefined));
  await Promise.all([stormOver, broadcasting, replies]);
}

/** Queues the outage broadcast to the incident's area; false (and the problem kept) when it could not be. */
async function queueOutageBroadcast(state: LoopState, incidentId: number | undefined): Promise<boolean> {
  if (incidentId === undefined) {
    state.summary.broadcastProblem = 'the alarm storm opened no incident';
    return false;
  }
  state.summary.incidentId = incidentId;
  try {
    const queued = await queueBroadcast(state.server, state.admin, incidentId);
    state.broadcastId = queued.id;
    state.summary.broadcastRecipients = queued.bulk.rows;
    state.summary.broadcastQueuedSeconds = Math.round(queued.bulk.seconds * 100) / 100;
    console.log(
      `outage loop: incident ${incidentId} opened by the storm, broadcast to ${queued.bulk.rows.toLocaleString('en')} ` +
        `subscribers queued in ${queued.bulk.seconds.toFixed(2)} s`,
    );
    return true;
  } catch (error) {
    state.summary.broadcastProblem = error instanceof Error ? error.message : String(error);
    return false;
  }
}

/** The subscribers' replies to the broadcast, paced, each outcome counted. */
async function runReplies(state: LoopState, going: () => boolean): Promise<void> {
  const numbers = Math.min(INBOUND_NUMBERS, state.summary.subscribers);
  const outcomes = state.summary.replyOutcomes;
  await paced(REPLY_LOOPS, REPLIES_PER_SECOND, going, async () => {
    await counted(
      () => state.replies,
      (signal) => postInboundSms(state.server, state.gateway, numbers, STATUS_SHARE_OF_REPLIES, signal),
      (status, body) => {
        if (status !== 200) return false;
        const outcome = (JSON.parse(body) as { data: { outcome: string } }).data.outcome;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        return !REFUSED_OUTCOMES.has(outcome);
      },
    );
  });
}

/** The broadcast's messages by status, as they stand. */
async function broadcastProgress(state: LoopState): Promise<Record<string, number>> {
  if (state.broadcastId === null) return {};
  const { rows } = await state.pool.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from outbox_messages where broadcast_id = $1 group by status',
    [state.broadcastId],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

async function takeMinute(state: LoopState): Promise<OutageMinute> {
  const alarms = state.alarms;
  const replies = state.replies;
  state.alarms = emptyTally();
  state.replies = emptyTally();
  const progress = await broadcastProgress(state);
  return {
    alarmBatches: alarms.answered,
    alarmBatchesRefused: alarms.refused,
    alarmBatchP99: round(percentile(alarms.latencies, 99)),
    smsReceived: replies.answered,
    smsRefused: replies.refused,
    smsP99: round(percentile(replies.latencies, 99)),
    broadcastSent: progress.sent ?? 0,
    broadcastWaiting: progress.pending ?? 0,
    broadcastFailed: progress.failed ?? 0,
  };
}

/** One minute of the loop as a line beside the soak's own. */
export function outageLine(minute: OutageMinute): string {
  const n = (value: number) => value.toLocaleString('en');
  return (
    `  outage loop: ${n(minute.alarmBatches * ALARMS_PER_BATCH)} alarms posted (${n(minute.alarmBatches)} batches, ` +
    `p99 ${minute.alarmBatchP99} ms), ${n(minute.alarmBatchesRefused)} batches refused; ` +
    `${n(minute.smsReceived)} SMS received (p99 ${minute.smsP99} ms), ${n(minute.smsRefused)} refused; ` +
    `broadcast ${n(minute.broadcastSent)} sent, ${n(minute.broadcastWaiting)} still queued, ${n(minute.broadcastFailed)} failed`
  );
}

/** The loop as a whole: the incident, the broadcast, what the replies did. */
export function outageSummaryLine(summary: OutageSummary): string {
  const broadcast =
    summary.broadcastRecipients === null
      ? `no broadcast (${summary.broadcastProblem ?? 'not queued'})`
      : `broadcast to ${summary.broadcastRecipients.toLocaleString('en')} queued in ${summary.broadcastQueuedSeconds} s`;
  const outcomes = Object.entries(summary.replyOutcomes).map(([outcome, count]) => `${count} ${outcome}`);
  return `outage loop: incident ${summary.incidentId ?? 'none'}, ${broadcast}; replies filed as ${outcomes.join(', ') || 'nothing'}`;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/**
 * What fails the loop: a minute whose alarm batches or replies were refused more than
 * `maxErrorRate` of the time, a broadcast whose failed messages exceed that share of those it
 * handled, or a broadcast never queued.
 */
export function outageProblems(minutes: OutageMinute[], summary: OutageSummary, maxErrorRate: number): string[] {
  const problems: string[] = [];
  if (summary.broadcastProblem !== null) problems.push(`the broadcast was not queued: ${summary.broadcastProblem}`);
  for (const [index, minute] of minutes.entries()) {
    const rates = {
      'alarm batches refused': share(minute.alarmBatchesRefused, minute.alarmBatches + minute.alarmBatchesRefused),
      'SMS replies refused': share(minute.smsRefused, minute.smsReceived + minute.smsRefused),
      'broadcast messages failed': share(minute.broadcastFailed, minute.broadcastSent + minute.broadcastFailed),
    };
    for (const [what, rate] of Object.entries(rates))
      if (rate > maxErrorRate) problems.push(`minute ${index + 1}: ${(rate * 100).toFixed(2)}% ${what}`);
  }
  return problems;
}

/** The broadcast cancelled and the incident resolved (through the API), then the storm's and the replies' rows. */
async function cleanUp(state: LoopState): Promise<void> {
  state.stopped = true;
  const incidentId = state.summary.incidentId ?? undefined;
  await removeOutage(state.server, state.pool, state.admin, incidentId, state.broadcastId ?? undefined);
  await removeStorm(state.server, state.pool, state.admin);
  await removeInbound(state.pool);
}
