/**
 * The exact SQL the ticket list issues, taken from the tickets repository itself: its query
 * builder runs against a recording client that answers nothing, so the benchmark replays the very
 * statements (text and parameters) the API sends, without re-writing them here.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '@switchboard/server/src/db/schema.ts';
import type { Db } from '@switchboard/server/src/db/client.ts';
// The app's declarations (request decorations) that the tickets service's imports rely on.
import type {} from '@switchboard/server/src/app.ts';
import { filterForViewer } from '@switchboard/server/src/modules/tickets/ticket-list.service.ts';
import { listForwardChainPage } from '@switchboard/server/src/modules/forwarding/forwarding.repository.ts';
import { listSuggestions } from '@switchboard/server/src/modules/incidents/incidents.repository.ts';
import { listTicketPage, type TicketFilter } from '@switchboard/server/src/modules/tickets/tickets.repository.ts';
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
}

/** Records every statement drizzle sends and answers with no rows. */
export function recordingDb(recorded: SqlStatement[]): Db {
  const client = {
    query: async (config: QueryConfig | string, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text;
      recorded.push({ text, params: (typeof config === 'string' ? undefined : config.values) ?? values ?? [] });
      return { rows: [], rowCount: 0, fields: [], command: 'SELECT' };
    },
  };
  return drizzle({ client: client as never, schema });
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

/** The statements of one list request: the page and the count, as listTicketPage sends them. */
export async function listStatements(filter: TicketFilter, page: number): Promise<SqlStatement[]> {
  const recorded: SqlStatement[] = [];
  await listTicketPage(recordingDb(recorded), filter, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  return recorded;
}

/** The statements of one forwarded-tickets request of a department, as listForwardChainPage sends them. */
export async function forwardChainStatements(department: Department, page: number): Promise<SqlStatement[]> {
  const recorded: SqlStatement[] = [];
  await listForwardChainPage(recordingDb(recorded), department, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  return recorded;
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
