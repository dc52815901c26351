/**
 * The webhook worker of one server process (DESIGN.md §21). Its lanes claim due deliveries
 * (webhooks.repository.ts: SKIP LOCKED, a lease, the oldest pending of a ticket first), render a
 * delivery's body at its first attempt, sign it, POST it through the guarded client
 * (lib/guarded-http.ts) and record the outcome on the delivery and on its endpoint.
 *
 * At least once, same id: a claim hides the delivery for a lease longer than the request's
 * timeout, so no live worker still sends it when the lease ends; a process that dies mid-send
 * leaves it to be sent again, with the same `webhook-id`, once the lease is over.
 *
 * A slow or dead receiver holds at most PER_ENDPOINT_LANES of this process's LANES, each for at
 * most the timeout: the other endpoints keep theirs. The desk's writes never wait for any of it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { guardedPost, type OutgoingPolicy, type Resolver } from '../../lib/guarded-http.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { renderWebhookBody, type PayloadContext } from './webhook-payloads.ts';
import { webhookHeaders } from './webhook-signature.ts';
import {
  claimDueDelivery,
  clearEndpointFailing,
  holdFollowers,
  markEndpointFailing,
  recordDeliveryAttempt,
  releaseClaim,
  type ClaimedDelivery,
  type DeliveryAttempt,
} from './webhooks.repository.ts';

/** The waits after the 1st, 2nd, … failed attempt; after the last one the delivery is `failed`. */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
/** An endpoint failing this long without a success is turned off. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The most of a reply that is read. */
export const MAX_REPLY_BYTES = 64 * 1024;
/** Deliveries under way at once in one process, and to one endpoint among them. */
const LANES = 8;
const PER_ENDPOINT_LANES = 2;
const ERROR_MAX_LENGTH = 500;

export interface WebhookWorkerOptions {
  db: Db;
  payloads: PayloadContext;
  policy: OutgoingPolicy;
  log: FastifyBaseLogger;
  pollMs: number;
  timeoutMs?: number;
  resolve?: Resolver;
  /** Wakes the worker at once (a test event, a redelivery). */
  bell?: { listen(waker: () => void): () => void };
  /** Hears each failed attempt: `retry` is tried again later, `failed` was the last (for /metrics). */
  onFailure?: (outcome: 'retry' | 'failed') => void;
}

export interface WebhookWorker {
  start(): void;
  /** Sends what is due now (one pass); resolves with the number of attempts made. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, log, pollMs } = options;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  // Rendering and recording come on top of the request; the lease outlasts them all.
  const leaseMs = 3 * timeoutMs;
  const inFlight = new Map<string, number>();
  const lanes = new Set<Promise<number>>();
  let pollTimer: NodeJS.Timeout | null = null;
  let stopped = false;
  let unsubscribe: (() => void) | null = null;

  function schedulePoll(): void {
    if (stopped) return;
    pollTimer = setTimeout(() => {
      pass();
      schedulePoll();
    }, pollMs);
    pollTimer.unref();
  }

  /**
   * Starts idle lanes, each claiming until nothing is left for it. Lanes are independent: one held
   * by a receiver that never answers does not keep the others from the deliveries due meanwhile.
   */
  function pass(): void {
    while (!stopped && lanes.size < LANES) {
      const run: Promise<number> = lane()
        .catch((error: unknown) => {
          log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'webhook deliveries could not be read');
          return 0;
        })
        .finally(() => lanes.delete(run));
      lanes.add(run);
    }
  }

  /** Lanes started now and those already running, to their end. */
  async function drain(): Promise<number> {
    pass();
    let total = 0;
    while (lanes.size > 0) {
      const results = await Promise.all([...lanes]);
      total += results.reduce((sum, n) => sum + n, 0);
    }
    return total;
  }

  function busyEndpoints(): string[] {
    return [...inFlight].filter(([, lanes]) => lanes >= PER_ENDPOINT_LANES).map(([id]) => id);
  }

  async function lane(): Promise<number> {
    let attempts = 0;
    while (!stopped) {
      const delivery = await claimDueDelivery(db, leaseMs, busyEndpoints());
      if (!delivery) break;
      const lanesToEndpoint = (inFlight.get(delivery.endpointId) ?? 0) + 1;
      // Lanes claim side by side: one that finds the endpoint's lanes filled meanwhile gives its claim back.
      if (lanesToEndpoint > PER_ENDPOINT_LANES) {
        await releaseClaim(db, delivery);
        continue;
      }
      inFlight.set(delivery.endpointId, lanesToEndpoint);
      try {
        await deliver(delivery);
      } finally {
        const left = (inFlight.get(delivery.endpointId) ?? 1) - 1;
        if (left > 0) inFlight.set(delivery.endpointId, left);
        else inFlight.delete(delivery.endpointId);
      }
      attempts += 1;
    }
    return attempts;
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const started = performance.now();
    let body: string | null = delivery.body;
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      body ??= await renderWebhookBody(options.payloads, delivery, delivery.department);
      const reply = await guardedPost({
        url: delivery.url,
        headers: webhookHeaders(delivery.secret, delivery.id, body),
        body,
        timeoutMs,
        maxReplyBytes: MAX_REPLY_BYTES,
        policy: options.policy,
        resolve: options.resolve,
      });
      statusCode = reply.statusCode;
      if (statusCode < 200 || statusCode >= 300)
        error = statusCode >= 300 && statusCode < 400 ? `redirect ${statusCode} not followed` : `status ${statusCode}`;
    } catch (failure) {
      // A body that could not be rendered is an attempt that failed too: it is tried again later.
      error = (failure instanceof Error ? failure.message : String(failure)).slice(0, ERROR_MAX_LENGTH);
    }
    const latencyMs = Math.round(performance.now() - started);
    const retryInMs = RETRY_DELAYS_MS[delivery.attempts - 1];
    const outcome: DeliveryAttempt['outcome'] =
      error === null
        ? { status: 'delivered' }
        : retryInMs !== undefined
          ? { status: 'pending', retryInMs }
          : { status: 'failed' };
    const facts = {
      delivery_id: delivery.id,
      endpoint_id: delivery.endpointId,
      event: delivery.event,
      attempt: delivery.attempts,
    };
    if (error === null) log.info({ ...facts, status_code: statusCode, latency_ms: latencyMs }, 'webhook delivered');
    else {
      log.warn({ ...facts, status_code: statusCode, reason: error, outcome: outcome.status }, 'webhook delivery failed');
      options.onFailure?.(outcome.status === 'failed' ? 'failed' : 'retry');
    }
    if (!(await recordDeliveryAttempt(db, delivery, { body, statusCode, latencyMs, error, outcome })))
      log.warn(facts, 'a webhook delivery outlived its lease; its outcome was not recorded');
    if (outcome.status === 'pending') await holdFollowers(db, delivery, outcome.retryInMs);
    // An endpoint that was not failing at the claim has nothing to clear: no statement for it.
    if (error === null) {
      if (delivery.endpointFailingSince !== null) await clearEndpointFailing(db, delivery.endpointId);
    } else await recordEndpointFailure(delivery.endpointId);
  }

  /** Marks the endpoint failing; one failing for 3 days is turned off and the audit trail tells admins. */
  async function recordEndpointFailure(endpointId: string): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await markEndpointFailing(tx, endpointId, DISABLE_AFTER_MS))) return;
      await insertAuditEntry(tx, {
        actorUserId: null,
        action: 'webhook.disable',
        target: `webhook:${endpointId}`,
        ip: '',
        details: { reason: 'failing for 3 days' },
      });
      log.warn({ endpoint_id: endpointId }, 'a webhook endpoint failing for 3 days was turned off');
    });
  }

  return {
    start() {
      if (stopped) return;
      unsubscribe = options.bell?.listen(pass) ?? null;
      pass();
      schedulePoll();
    },
    runOnce: () => drain(),
    async stop() {
      stopped = true;
      unsubscribe?.();
      if (pollTimer) clearTimeout(pollTimer);
      await Promise.all([...lanes]);
    },
  };
}
