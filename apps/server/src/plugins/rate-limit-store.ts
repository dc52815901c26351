/**
 * Where the rate limits are counted (DESIGN.md §18). Without REDIS_URL each process counts in its
 * own memory; with it, every process counts in one Redis, so N processes enforce one limit, not N.
 * A Redis that does not answer never holds a request: the count fails at once, and each limit says
 * what that means (plugins/write-limits.ts: signed-in users go on, anonymous callers get a 503).
 */
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '@switchboard/shared';
import type { Config } from '../config.ts';

/** Every counter's key starts with this, then the route and the caller: `switchboard:rl:POST/api/v1/…-1.2.3.4`. */
export const RATE_LIMIT_KEY_PREFIX = 'switchboard:rl:';
/** While Redis is away its failure is logged at most this often (ms): an outage must not flood the log. */
const WARN_EVERY_MS = 30_000;

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteLimits = Parameters<FastifyRateLimitStore['child']>[0];

/** A counter as the rate limiter calls it. */
interface Counter {
  incr(key: string, counted: Counted, timeWindow: number, max: number): void;
  child(route: RouteLimits): Counter;
}

type RedisCounterClass = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, prefix: string) => Counter;

/** Warns of an outage at most once per WARN_EVERY_MS, and says when Redis answers again. */
function outageLog(log: FastifyBaseLogger) {
  let lastWarnedAt: number | null = null;
  const failed = (error: Error) => {
    const now = Date.now();
    if (lastWarnedAt !== null && now - lastWarnedAt < WARN_EVERY_MS) return;
    lastWarnedAt = now;
    log.warn(
      { err: error },
      'Redis for rate limits does not answer: signed-in users go on unlimited, sign-in and the public form answer 503',
    );
  };
  const answered = () => {
    if (lastWarnedAt === null) return;
    lastWarnedAt = null;
    log.info('Redis for rate limits answers again: every limit is counted');
  };
  return { failed, answered };
}

/** A failed count becomes the one 503 of an outage: anonymous limits refuse with it, signed-in ones skip it. */
class SharedCounter implements FastifyRateLimitStore {
  readonly #counter: Counter;
  readonly #failed: (error: Error) => void;

  constructor(counter: Counter, failed: (error: Error) => void) {
    this.#counter = counter;
    this.#failed = failed;
  }

  incr(key: string, counted: Counted, timeWindow: number, max: number): void {
    const whenCounted: Counted = (error, result) => {
      if (!error) return counted(null, result);
      this.#failed(error);
      counted(Object.assign(new AppError('unavailable', 'common.brieflyUnavailable'), { cause: error }));
    };
    this.#counter.incr(key, whenCounted, timeWindow, max);
  }

  child(route: RouteLimits): SharedCounter {
    // A limit of no single route (createRateLimit: an API client's budget over all its routes) comes
    // with an empty routeInfo, which the counter would spell `undefinedundefined-`: it is `ANY-` here.
    const { routeInfo } = route as RouteLimits & { routeInfo?: { method?: string } };
    const named = routeInfo?.method ? route : Object.assign({}, route, { routeInfo: { method: 'ANY', url: '' } });
    return new SharedCounter(this.#counter.child(named), this.#failed);
  }
}

/**
 * A client that fails fast: no queue while Redis is away, no retried command, short timeouts. It
 * reconnects by itself for as long as the process lives. Redis down at start does not stop the
 * process: the limits then act as in any outage until it answers.
 */
async function connectRedis(url: string, outage: ReturnType<typeof outageLog>): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
  });
  client.on('error', outage.failed);
  client.on('ready', outage.answered);
  await client.connect().catch(outage.failed);
  return client;
}

/** Registers @fastify/rate-limit (no global limit: each route names its own) with the right counter. */
export default fp(
  async (app, { config }: { config: Config }) => {
    if (!config.redisUrl) {
      await app.register(rateLimit, { global: false });
      return;
    }
    const outage = outageLog(app.log);
    const client = await connectRedis(config.redisUrl, outage);
    app.addHook('onClose', async () => client.disconnect());
    // The rate limiter's own Redis counter (one Lua script a request); its package exports only the plugin.
    const RedisCounter = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as RedisCounterClass;
    const counter = new RedisCounter(false, false, client, RATE_LIMIT_KEY_PREFIX);
    await app.register(rateLimit, {
      global: false,
      store: class extends SharedCounter {
        constructor() {
          super(counter, outage.failed);
        }
      },
    });
  },
  { name: 'rate-limit-store' },
);
