/**
 * The exact SQL a request issues, taken from the server's own repositories and services: they run
 * against a recording client (that answers nothing, or runs each statement on the corpus when
 * later statements depend on what earlier ones found), so the benchmark replays the very
 * statements (text and parameters) the API sends, without re-writing them here. Every signed-in
 * request also reads its user (DESIGN.md §6): `withUserRead` puts that statement in front.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '@switchboard/server/src/db/schema.ts';
import type { Db } from '@switchboard/server/src/db/client.ts';
// The app's declarations (request decorations) that the tickets service's imports rely on.
import type {} from '@switchboard/server/src/app.ts';
import { filterForViewer, orderForViewer } from '@switchboard/server/src/modules/tickets/ticket-list.service.ts';
import { listForwardChainPage } from '@switchboard/server/src/modules/forwarding/forwarding.repository.ts';
import { listSuggestions } from '@switchboard/server/src/modules/incidents/incidents.repository.ts';
import {
  listTicketPage,
  NEWEST_FIRST,
  type TicketFilter,
  type TicketOrder,
} from '@switchboard/server/src/modules/tickets/ticket-list.repository.ts';
import { getTicketForViewer } from '@switchboard/server/src/modules/tickets/tickets.service.ts';
import { findLiveUserById } from '@switchboard/server/src/modules/users/users.repository.ts';
import {
  INCIDENT_MAX_TICKETS_PER_REQUEST,
  PAGE_SIZE,
  ticketListQuerySchema,
  type Department,
  type UserType,
} from '@switchboard/shared';
import type { SqlStatement } from './load.ts';
import type { CorpusSample, ListQuery, ListScenario } from './scenarios.ts';

interface QueryConfig {
  text: string;
  values?: unknown[];
  name?: string;
}

/** A statement as drizzle hands it to the driver, for the record. */
function statementOf(config: QueryConfig | string, values?: unknown[]): SqlStatement {
  if (typeof config === 'string') return { text: config, params: values ?? [] };
  const params = config.values ?? values ?? [];
  return config.name ? { text: config.text, params, name: config.name } : { text: config.text, params };
}

/** Records every statement drizzle sends and answers with no rows. */
export function recordingDb(recorded: SqlStatement[]): Db {
  const client = {
    query: async (config: QueryConfig | string, values?: unknown[]) => {
      recorded.push(statementOf(config, values));
      return { rows: [], rowCount: 0, fields: [], command: 'SELECT' };
    },
  };
  return drizzle({ client: client as never, schema });
}

/** A drizzle database on `target` (a pool, or one connection for transactions) that also writes down every statement it sends. */
export function replayingDb(target: pg.Pool | pg.Client, recorded: SqlStatement[]): Db {
  const client = {
    query: async (config: QueryConfig | string, values?: unknown[]) => {
      const statement = statementOf(config, values);
      recorded.push(statement);
      return target.query(
        typeof config === 'string' ? { text: config, values: statement.params } : { ...config, values: statement.params },
      );
    },
  };
  return drizzle({ client: client as never, schema });
}

/** The statements of a request of `userId`: the user read of authentication, then the request's own. */
export async function withUserRead(userId: string, statements: SqlStatement[]): Promise<SqlStatement[]> {
  const recorded: SqlStatement[] = [];
  await findLiveUserById(recordingDb(recorded), userId);
  return [...recorded, ...statements];
}

const VIEWER_TYPES: Record<ListScenario['viewer'], UserType> = { staff: 'cc', customer: 'customer', agent: 'agent' };

/** The repository filter of a query, built by the tickets service itself for the scenario's viewer. */
export function filterFor(
  query: ListQuery,
  viewer: ListScenario['viewer'],
  sample: CorpusSample,
  timezone: string,
): TicketFilter {
  return filterForViewer(
    { id: sample[viewer].id, user_type: VIEWER_TYPES[viewer] },
    ticketListQuerySchema.parse(query),
    timezone,
  );
}

/** The order of a query (DESIGN.md §30), as the tickets service takes it for the scenario's viewer. */
export function orderFor(query: ListQuery, viewer: ListScenario['viewer'], sample: CorpusSample): TicketOrder {
  return orderForViewer({ id: sample[viewer].id, user_type: VIEWER_TYPES[viewer] }, ticketListQuerySchema.parse(query));
}

/** One replaying database per pool and its current record: what the server keeps between requests (a list's estimate) is kept here too. */
const sharedDbs = new WeakMap<pg.Pool, { db: Db; recorded: SqlStatement[] }>();

/** Runs `work` on the pool's shared replaying database and returns the statements it sent. */
export async function recordShared(pool: pg.Pool, work: (db: Db) => Promise<unknown>): Promise<SqlStatement[]> {
  let shared = sharedDbs.get(pool);
  if (!shared) {
    const recorded: SqlStatement[] = [];
    shared = { db: replayingDb(pool, recorded), recorded };
    sharedDbs.set(pool, shared);
  }
  shared.recorded.length = 0;
  await work(shared.db);
  return [...shared.recorded];
}

/**
 * The statements of one list request as listTicketPage sends them, run on the corpus: the bounded
 * count, the estimate when the count is past its bound (unless kept from an earlier request), and
 * the page (from the end the count says).
 */
export function listStatements(
  pool: pg.Pool,
  filter: TicketFilter,
  page: number,
  order: TicketOrder = NEWEST_FIRST,
): Promise<SqlStatement[]> {
  return recordShared(pool, (db) => listTicketPage(db, filter, (page - 1) * PAGE_SIZE, PAGE_SIZE, order));
}

/**
 * The page the list's "last" control leads to: the last of the pages the server itself reports for
 * the unfiltered list, whose count is the planner's estimate on a large corpus.
 */
export async function lastPageOfList(pool: pg.Pool): Promise<number> {
  let total = 0;
  await recordShared(pool, async (db) => {
    ({ total } = await listTicketPage(db, {}, 0, PAGE_SIZE));
  });
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** The statement of one ticket by id for a cc viewer: the ticket, its newest comments and their count, and its forwards in one. */
export async function ticketByIdStatements(pool: pg.Pool, viewerId: string, ticketId: number): Promise<SqlStatement[]> {
  const recorded: SqlStatement[] = [];
  // Only the attachments' addresses come from storage; no statement depends on them.
  const storage = { publicUrlOf: (key: string) => key } as never;
  await getTicketForViewer(
    { db: replayingDb(pool, recorded), storage, timezone: 'Asia/Dhaka' },
    { id: viewerId, user_type: 'cc' },
    ticketId,
  );
  return recorded;
}

/** The statements of one forwarded-tickets request of a department, as listForwardChainPage sends them. */
export async function forwardChainStatements(pool: pg.Pool, department: Department, page: number): Promise<SqlStatement[]> {
  const request = (db: Db) => listForwardChainPage(db, department, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  // The second request of a long chain, as the server mostly answers it: with the estimate kept.
  await recordShared(pool, request);
  return recordShared(pool, request);
}

/** The statement of the incident suggestions with the default threshold and window, as listSuggestions sends it. */
export async function incidentSuggestionStatements(): Promise<SqlStatement[]> {
  const recorded: SqlStatement[] = [];
  await listSuggestions(recordingDb(recorded), {
    threshold: 5,
    windowMinutes: 30,
    maxTicketIds: INCIDENT_MAX_TICKETS_PER_REQUEST,
  });
  return recorded;
}
