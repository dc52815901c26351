/**
 * The broadcast sender of one server process (DESIGN.md §23). Every tick it takes tokens from the
 * one bucket all processes share (`sms_pace`), claims that many due broadcast messages and sends
 * them through the SMS driver with the outbox's reference (`outbox-<id>`), so N processes together
 * send at SMS_RATE_PER_SECOND. Quiet hours hold back every kind but `restored`.
 *
 * Never twice, as the outbox (outbox-worker.ts): a claim counts the attempt and hides the message
 * for twice the send timeout, every send is cut at the timeout, and the outcome is recorded only
 * against that claim. A process that dies mid-broadcast leaves its claimed messages to the others
 * once their lease is over; the rest of the broadcast was never claimed, so nothing is lost.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { QuietHours } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { describeSendFailure } from '../../lib/mailer.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { publishEvents, type BroadcastEvent } from '../events/publish.ts';
import { recordOutcome, type SendOutcome } from '../notifications/notifications.repository.ts';
import { MAX_ATTEMPTS, retryDelayMs } from '../notifications/outbox-worker.ts';
import {
  claimBroadcastMessages,
  finishBroadcasts,
  returnTokens,
  takeTokens,
  type ClaimedMessage,
} from './broadcast-sender.repository.ts';
import { quietUntil } from '../../lib/quiet-hours.ts';

/** A tick while messages wait; the bucket holds at most this much time's worth of tokens. */
const TICK_MS = 100;
const BURST_SECONDS = 1;
/** A look while nothing waits. */
const IDLE_MS = 1000;
/** Sends under way at once in one process (a slow gateway still gets the whole rate). */
const MAX_IN_FLIGHT = 256;
/** A broadcast's progress goes to screens at most this often per process. */
const PROGRESS_EVERY_MS = 1000;
const ERROR_MAX_LENGTH = 500;

export interface BroadcastSenderOptions {
  db: Db;
  sms: SmsSender;
  log: FastifyBaseLogger;
  ratePerSecond: number;
  quietHours: QuietHours | null;
  timezone: string;
  /** The wait before the second attempt; each later wait doubles. */
  retryMs: number;
  /** A send that has not finished by then counts as failed; the lease is twice it. */
  sendTimeoutMs: number;
  maxAttempts?: number;
  /** The clock quiet hours are read by (tests set it). */
  now?: () => Date;
  tickMs?: number;
  /** Hears each message handed to the gateway (for /metrics). */
  onSent?: () => void;
}

export interface BroadcastSender {
  start(): void;
  /** One tick, waiting for its sends and reporting progress: the messages sent. */
  runOnce(): Promise<number>;
  /**
   * Tells staff's screens of a broadcast's progress that changed elsewhere (a delivery report,
   * DESIGN.md §24), with the progress of the next tick: at most once a second per broadcast.
   */
  noteProgress(broadcastId: string, incidentId: number): void;
  /** Stops ticking and waits for the sends under way (bounded by the send timeout). */
  stop(): Promise<void>;
}

export function createBroadcastSender(options: BroadcastSenderOptions): BroadcastSender {
  const { db, sms, log, ratePerSecond, sendTimeoutMs } = options;
  const tickMs = options.tickMs ?? TICK_MS;
  const burst = Math.max(1, ratePerSecond * BURST_SECONDS);
  const leaseMs = 2 * sendTimeoutMs;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const inFlight = new Set<Promise<boolean>>();
  /** Broadcasts this process sent for since it last reported them, and when it last did. */
  const dirty = new Map<string, number>();
  const reportedAt = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function tick(): Promise<{ claimed: number; idle: boolean }> {
    const room = MAX_IN_FLIGHT - inFlight.size;
    const granted = room > 0 ? await takeTokens(db, Math.min(room, Math.ceil(burst)), ratePerSecond, burst) : 0;
    const restoredOnly = quietUntil(options.now?.() ?? new Date(), options.quietHours, options.timezone) !== null;
    const claimed = granted > 0 ? await claimBroadcastMessages(db, granted, leaseMs, restoredOnly) : [];
    await returnTokens(db, granted - claimed.length, burst);
    for (const message of claimed) {
      const sending = send(message).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
    const idle = granted > 0 && claimed.length < granted;
    await report(idle && inFlight.size === 0);
    return { claimed: claimed.length, idle };
  }

  async function send(message: ClaimedMessage): Promise<boolean> {
    const outcome = await attempt(message);
    try {
      if (!(await recordOutcome(db, message, outcome)))
        log.warn(
          { outbox_id: message.id },
          'a broadcast message outlived its lease or was cancelled; its outcome was not recorded',
        );
    } catch (error) {
      log.error({ outbox_id: message.id, reason: describeSendFailure(error) }, 'a broadcast outcome could not be recorded');
    }
    dirty.set(message.broadcastId, message.incidentId);
    if (outcome.status === 'sent') options.onSent?.();
    return outcome.status === 'sent';
  }

  async function attempt(message: ClaimedMessage): Promise<SendOutcome> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sms.send(message.recipient, message.body, { purpose: 'notice', reference: `outbox-${message.id}` }),
        new Promise<never>((_resolve, reject) => {
          timeout = setTimeout(() => reject(new Error(`no answer within ${sendTimeoutMs} ms`)), sendTimeoutMs);
        }),
      ]);
      return { status: 'sent' };
    } catch (error) {
      const reason = describeSendFailure(error).slice(0, ERROR_MAX_LENGTH);
      if (message.attempts >= maxAttempts) return { status: 'failed', error: reason };
      return { status: 'pending', retryInMs: retryDelayMs(message.attempts, options.retryMs), error: reason };
    } finally {
      clearTimeout(timeout);
    }
  }

  /**
   * Tells staff's screens of the broadcasts sent for (each at most once a second, unless `all`),
   * and finishes those with nothing left waiting, in one transaction with their events.
   */
  async function report(all: boolean): Promise<void> {
    const at = Date.now();
    const due = [...dirty].filter(([id]) => all || at - (reportedAt.get(id) ?? 0) >= PROGRESS_EVERY_MS);
    if (due.length === 0) return;
    for (const [id] of due) {
      dirty.delete(id);
      reportedAt.set(id, at);
    }
    await db.transaction(async (tx) => {
      const finished = await finishBroadcasts(
        tx,
        due.map(([id]) => id),
      );
      const events: BroadcastEvent[] = due.map(([id, incidentId]): BroadcastEvent => ({
        event: 'broadcast.changed',
        incident_id: incidentId,
        broadcast_id: id,
      }));
      for (const done of finished) {
        events.push({ event: 'broadcast.finished', incident_id: done.incidentId, broadcast_id: done.id });
        reportedAt.delete(done.id);
      }
      await publishEvents(tx, events);
    });
  }

  function schedule(ms: number): void {
    if (stopped) return;
    timer = setTimeout(loop, ms);
    timer.unref();
  }

  function loop(): void {
    ticking = tick()
      .then(({ idle }) => schedule(idle ? IDLE_MS : tickMs))
      .catch((error: unknown) => {
        log.warn({ reason: describeSendFailure(error) }, 'the broadcast sender could not tick; trying again shortly');
        schedule(IDLE_MS);
      });
  }

  return {
    start() {
      if (timer || stopped) return;
      schedule(0);
    },
    async runOnce() {
      const { claimed } = await tick();
      const results = await Promise.all(inFlight);
      await report(true);
      return claimed === 0 ? 0 : results.filter(Boolean).length;
    },
    noteProgress(broadcastId, incidentId) {
      dirty.set(broadcastId, incidentId);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await ticking;
      await Promise.allSettled(inFlight);
    },
  };
}
