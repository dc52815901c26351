/**
 * The outbox worker of one server process: it claims due messages one at a time (SKIP LOCKED, so
 * workers of several processes never take the same one), sends each through the SMS driver or the
 * mailer, and records the outcome. A failure is retried later, each wait twice the one before up
 * to an hour; after MAX_ATTEMPTS, or a refusal that will not change, the message stays `failed`
 * with its last error.
 *
 * Never twice: a claim counts the attempt and hides the message from every worker for a lease of
 * twice the send timeout, and every send is cut at the timeout, so no live worker can still be
 * sending when the lease runs out. What remains is a process that dies after the gateway took
 * the message but before the outcome was written: that message is sent again once its lease is
 * over (the same holds for a gateway that delivers after the timeout cut it off). Every send of a
 * message carries its one reference (`outbox-<id>`), so a gateway that refuses a repeated client
 * reference delivers it once all the same.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { describeSendFailure, isTemporaryMailFailure, type Mailer } from '../../lib/mailer.ts';
import type { SmsSender } from '../../lib/sms.ts';
import { claimDueMessage, recordOutcome, type OutboxRow, type SendOutcome } from './notifications.repository.ts';
import type { OutboxBell } from './outbox-bell.ts';

/** After this many attempts a message is given up (about three hours of retries by default). */
export const MAX_ATTEMPTS = 10;
/** The longest wait between two attempts. */
export const MAX_RETRY_MS = 60 * 60_000;
/** Sends under way at once in one process. */
const LANES = 4;
/** A woken worker looks this soon, and again a little later (the writer may not have committed yet). */
const WAKE_DELAYS_MS = [25, 500];
const ERROR_MAX_LENGTH = 500;

export interface OutboxWorkerOptions {
  db: Db;
  sms: SmsSender;
  /** null without SMTP_URL: an e-mail still in the outbox then fails at once. */
  mailer: Mailer | null;
  /** The domain of our Message-IDs (that of MAIL_FROM). */
  mailDomain: string;
  log: FastifyBaseLogger;
  pollMs: number;
  /** The wait before the second attempt; each later wait doubles, up to maxRetryMs. */
  retryMs: number;
  /** A send that has not finished by then counts as failed. */
  sendTimeoutMs: number;
  maxAttempts?: number;
  maxRetryMs?: number;
  /** Rung by the writes of this process; without it the worker only polls. */
  bell?: Pick<OutboxBell, 'listen'>;
}

export interface OutboxWorker {
  /** Looks at once, then every pollMs and whenever a message is written in this process. */
  start(): void;
  /** Sends what is due now (one pass); resolves with the number of messages sent. */
  runOnce(): Promise<number>;
  /** Stops the timers and waits for the sends under way (they are bounded by the send timeout). */
  stop(): Promise<void>;
}

/** The wait before the attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number, retryMs: number, maxRetryMs = MAX_RETRY_MS): number {
  return Math.min(retryMs * 2 ** Math.max(0, attempts - 1), maxRetryMs);
}

class SendTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'SendTimeout';
  }
}

/** A failure that the next attempt would meet again. */
class PermanentFailure extends Error {
  override name = 'PermanentFailure';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, sms, mailer, log, pollMs, retryMs, sendTimeoutMs } = options;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const maxRetryMs = options.maxRetryMs ?? MAX_RETRY_MS;
  const leaseMs = 2 * sendTimeoutMs;
  const wakeTimers = new Set<NodeJS.Timeout>();
  let pollTimer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let started = false;
  let stopped = false;
  let unsubscribe: (() => void) | null = null;

  /** A timer that never keeps the process alive on its own. */
  function timer(ms: number, run: () => void): NodeJS.Timeout {
    const handle = setTimeout(run, ms);
    handle.unref();
    return handle;
  }

  function schedulePoll(): void {
    if (stopped) return;
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = timer(pollMs, () => {
      pollTimer = null;
      pass();
    });
  }

  function wake(): void {
    for (const delay of WAKE_DELAYS_MS) {
      if (stopped) return;
      const handle = timer(delay, () => {
        wakeTimers.delete(handle);
        pass();
      });
      wakeTimers.add(handle);
    }
  }

  /** One pass now, or right after the one under way; then the next poll. */
  function pass(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        log.warn({ reason: describeSendFailure(error) }, 'the outbox could not be read; trying again at the next poll');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          pass();
        } else schedulePoll();
      });
  }

  /** Every lane to its end, so that nothing is left running when a pass is over. */
  async function drain(): Promise<number> {
    const lanes = await Promise.allSettled(Array.from({ length: LANES }, () => lane()));
    const failed = lanes.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return lanes.reduce((sum, result) => sum + (result.status === 'fulfilled' ? result.value : 0), 0);
  }

  /** Claims and sends one message after the other until none is due. */
  async function lane(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const message = await claimDueMessage(db, leaseMs, options.mailDomain);
      if (!message) break;
      const outcome = await attempt(message);
      await record(message, outcome);
      if (outcome.status === 'sent') sent += 1;
    }
    return sent;
  }

  async function attempt(message: OutboxRow): Promise<SendOutcome> {
    const facts = { outbox_id: message.id, ticket_id: message.ticketId, channel: message.channel, kind: message.kind };
    try {
      await withTimeout(deliver(message), sendTimeoutMs);
      log.info({ ...facts, attempt: message.attempts }, 'message to the issuer sent');
      return { status: 'sent' };
    } catch (error) {
      const reason = describeSendFailure(error).slice(0, ERROR_MAX_LENGTH);
      const permanent =
        error instanceof PermanentFailure ||
        (message.channel === 'email' && !(error instanceof SendTimeout) && !isTemporaryMailFailure(error));
      if (permanent || message.attempts >= maxAttempts) {
        log.error({ ...facts, attempt: message.attempts, reason }, 'message to the issuer failed; giving up');
        return { status: 'failed', error: reason };
      }
      const retryInMs = retryDelayMs(message.attempts, retryMs, maxRetryMs);
      log.warn(
        { ...facts, attempt: message.attempts, reason, retry_in_ms: retryInMs },
        'message to the issuer failed; retrying later',
      );
      return { status: 'pending', retryInMs, error: reason };
    }
  }

  function deliver(message: OutboxRow): Promise<void> {
    if (message.channel === 'sms')
      return sms.send(message.recipient, message.body, { purpose: 'notice', reference: `outbox-${message.id}` });
    if (!mailer) return Promise.reject(new PermanentFailure('e-mail is not configured (SMTP_URL)'));
    return mailer.send({
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body,
      messageId: message.messageId ?? undefined,
    });
  }

  /**
   * Writes the outcome, trying a few times: a sent message whose outcome is lost would be sent
   * again when its lease ends.
   */
  async function record(message: OutboxRow, outcome: SendOutcome): Promise<void> {
    for (let attemptNumber = 0; ; attemptNumber++) {
      try {
        if (!(await recordOutcome(db, message, outcome)))
          log.warn({ outbox_id: message.id }, 'a message outlived its lease; its outcome was not recorded');
        return;
      } catch (error) {
        if (attemptNumber >= 4 || stopped) throw error;
        await sleep(200 * 2 ** attemptNumber);
      }
    }
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      unsubscribe = options.bell?.listen(wake) ?? null;
      pass();
    },
    runOnce: () => drain(),
    async stop() {
      stopped = true;
      unsubscribe?.();
      if (pollTimer) clearTimeout(pollTimer);
      for (const handle of wakeTimers) clearTimeout(handle);
      wakeTimers.clear();
      await running;
      mailer?.close();
    },
  };
}

/** The send, or a SendTimeout once `ms` have passed (the send itself is bounded by its driver too). */
async function withTimeout(send: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SendTimeout(ms)), ms);
  });
  try {
    await Promise.race([send, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
