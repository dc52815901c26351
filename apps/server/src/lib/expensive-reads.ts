/**
 * Reads that may cost the database seconds (a text search of the whole desk, the dashboard of 90
 * days) take a turn: at most `concurrent` of them run at once in a process, so that they hold a
 * share of the pool (10 connections) and plain lists, writes and /readyz keep the rest. One more
 * waits `waitMs` for a turn, then answers 503 `busy`; a read whose statement runs past `timeoutMs`
 * answers 503 `busy` too. Either is the answer of that request only. The per-account budget of such
 * reads is a rate limit of their route (plugins/write-limits.ts, READS_PER_MINUTE).
 */
import { AppError, type ServerMessageKey } from '@switchboard/shared';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isStatementTimeout } from '../db/read-timeout.ts';

/** A counting semaphore whose waiters give up after a while. */
export class Turns {
  readonly size: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.size = size;
  }

  get running(): number {
    return this.#running;
  }

  /** Takes a turn, waiting at most `waitMs` for one; false when none came. */
  take(waitMs: number): Promise<boolean> {
    if (this.#running < this.size) {
      this.#running++;
      return Promise.resolve(true);
    }
    if (waitMs <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const index = this.#waiting.indexOf(grant);
        if (index >= 0) this.#waiting.splice(index, 1);
        resolve(false);
      }, waitMs);
      this.#waiting.push(grant);
    });
  }

  /** Gives a turn back: to the first waiter, or free. */
  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running--;
  }
}

/** The turns of each database: one per process (a test's app has its own). */
const turnsOf = new WeakMap<Db, Turns>();

/** The turns of expensive reads of `db`, made with `size` turns on first use (tests take them too). */
export function turnsFor(db: Db, size: number): Turns {
  let turns = turnsOf.get(db);
  if (!turns) {
    turns = new Turns(size);
    turnsOf.set(db, turns);
  }
  return turns;
}

/** What the person reads when no turn came (`busy`) or a statement ran too long (`tooSlow`). */
export interface ReadRefusals {
  busy: ServerMessageKey;
  tooSlow: ServerMessageKey;
}

/**
 * Runs `work` as an expensive read of `reads` (Database.reads: connections whose statements have
 * the time limit), with a turn. `work` must run its statements on the database it gets.
 */
export async function expensiveRead<T>(
  reads: Db,
  settings: Config['expensiveReads'],
  refusals: ReadRefusals,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const turns = turnsFor(reads, settings.concurrent);
  if (!(await turns.take(settings.waitMs))) throw new AppError('busy', refusals.busy);
  try {
    return await work(reads);
  } catch (error) {
    if (isStatementTimeout(error)) throw Object.assign(new AppError('busy', refusals.tooSlow), { cause: error });
    throw error;
  } finally {
    turns.give();
  }
}
