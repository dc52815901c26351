/**
 * Every process LISTENs on the events channel. With server PostgreSQL that is a dedicated
 * connection (never one of the pool's), opened again with backoff after it is lost; with the
 * embedded PGlite the database lives in this process and its own LISTEN fans out in-process.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { EVENTS_CHANNEL } from './events.repository.ts';

export interface EventListenerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** A payload that arrived on the channel. */
  onPayload: (payload: string) => void;
  /** The listener is (again) listening: events published from now on arrive. */
  onListening: () => void;
  /** The listener lost its connection: events may be missed until onListening. */
  onLost: () => void;
  /** The first wait before listening again; each later one doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface EventListener {
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface PgliteClient {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

function isPglite(client: unknown): client is PgliteClient {
  return typeof (client as Partial<PgliteClient> | undefined)?.listen === 'function';
}

export function createEventListener(options: EventListenerOptions): EventListener {
  const client: unknown = (options.db as unknown as { $client?: unknown }).$client;
  if (isPglite(client)) return pgliteListener(client, options);
  if (client instanceof pg.Pool) return postgresListener(client.options, options);
  // A database without a connection (the inert one that lists the routes): nothing to hear.
  options.log.warn('live updates: the database cannot be listened on; streams answer 503');
  return { start: async () => undefined, stop: async () => undefined };
}

function pgliteListener(client: PgliteClient, options: EventListenerOptions): EventListener {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start() {
      unlisten = await client.listen(EVENTS_CHANNEL, options.onPayload);
      options.onListening();
    },
    async stop() {
      await unlisten?.().catch(() => undefined);
      unlisten = null;
    },
  };
}

function postgresListener(connection: pg.PoolConfig, options: EventListenerOptions): EventListener {
  const { log } = options;
  const retryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let stopped = false;

  // The pool's own client class: on a DATABASE_URL of several hosts, the one that finds the writable host.
  const Client = (connection.Client as typeof pg.Client | undefined) ?? pg.Client;

  async function connect(): Promise<void> {
    const client = new Client({
      ...connection,
      // Some seconds to say the database is gone; the keep-alive notices a silent loss.
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      application_name: 'switchboard-events',
    });
    let lost = false;
    const onLoss = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (stopped) return;
      log.warn({ err: error }, 'live updates: the listening connection was lost; listening again');
      options.onLost();
      scheduleRetry();
    };
    client.on('error', onLoss);
    client.on('end', () => onLoss());
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload !== undefined) options.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      onLoss(error as Error);
      return;
    }
    if (stopped || lost) {
      if (!lost) void client.end().catch(() => undefined);
      return;
    }
    current = client;
    failures = 0;
    options.onListening();
  }

  function scheduleRetry(): void {
    if (stopped || retryTimer) return;
    const wait = Math.min(retryMs * 2 ** failures, maxRetryMs);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, wait);
  }

  return {
    start: connect,
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const client = current;
      current = null;
      if (client) {
        client.removeAllListeners('notification');
        await client.end().catch(() => undefined);
      }
    },
  };
}
