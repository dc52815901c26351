/**
 * The number's history in the benchmark (DESIGN.md §10, §12): a random line of the corpus, the busy
 * line with hundreds of tickets, and a customer's own line, each beside the very statements the
 * API sends for it. The statements are recorded while the history service runs against the
 * corpus, so that the later ones carry the ids and instants the first ones found.
 */
import { randomInt } from 'node:crypto';
import type pg from 'pg';
// The app's declarations (request decorations) that the tickets service's imports rely on.
import type {} from '@switchboard/server/src/app.ts';
import { getNumberHistory } from '@switchboard/server/src/modules/tickets/number-history.service.ts';
import type { UserType } from '@switchboard/shared';
import { BUSY_NUMBER } from './corpus-sql.ts';
import { replayingDb } from './list-sql.ts';
import type { HttpScenario, SqlStatement } from './load.ts';
import type { CorpusSample, Viewer } from './scenarios.ts';

/** Distinct numbers whose statements are prepared for the SQL side of a scenario. */
const SQL_VARIANTS = 100;

export interface NumberHistoryScenario extends HttpScenario {
  /** Who asks (their user read comes before the statements). */
  viewerId: string;
  /** The statements of one request, one list per prepared number. */
  statements: (pool: pg.Pool) => Promise<SqlStatement[][]>;
}

async function statementsOf(pool: pg.Pool, viewer: Viewer, userType: UserType, number: string): Promise<SqlStatement[]> {
  const recorded: SqlStatement[] = [];
  await getNumberHistory({ db: replayingDb(pool, recorded) }, { id: viewer.id, user_type: userType }, number);
  return recorded;
}

const pickFrom = <T>(items: readonly T[]): T => {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

/** The forms the list search accepts, in turn: +880…, 880…, 0…. */
const anyForm = (stored: string) => pickFrom([`%2B${stored}`, stored, stored.slice(2)]);

export function numberHistoryScenarios(sample: CorpusSample): NumberHistoryScenario[] {
  const headers = (viewer: Viewer) => ({ authorization: `Bearer ${viewer.token}` });
  const path = (number: string) => `/api/v1/tickets/number-history/${anyForm(number)}`;
  return [
    {
      name: 'number history',
      viewerId: sample.staff.id,
      method: 'GET',
      headers: headers(sample.staff),
      next: () => ({ path: path(pickFrom(sample.numbers)) }),
      statements: async (pool) => {
        const variants: SqlStatement[][] = [];
        for (let i = 0; i < SQL_VARIANTS; i += 1)
          variants.push(await statementsOf(pool, sample.staff, 'cc', pickFrom(sample.numbers)));
        return variants;
      },
    },
    {
      name: 'number history: the busy line',
      viewerId: sample.staff.id,
      method: 'GET',
      headers: headers(sample.staff),
      next: () => ({ path: path(BUSY_NUMBER) }),
      statements: async (pool) => [await statementsOf(pool, sample.staff, 'cc', BUSY_NUMBER)],
    },
    {
      // The customer sees only their own tickets of the line: the same index, narrowed by issuer.
      name: "number history: a customer's line",
      viewerId: sample.customer.id,
      method: 'GET',
      headers: headers(sample.customer),
      next: () => ({ path: path(pickFrom(sample.numbers)) }),
      statements: async (pool) => {
        const variants: SqlStatement[][] = [];
        for (let i = 0; i < SQL_VARIANTS; i += 1)
          variants.push(await statementsOf(pool, sample.customer, 'customer', pickFrom(sample.numbers)));
        return variants;
      },
    },
  ];
}
