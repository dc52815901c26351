/** The SQL of live updates: NOTIFY on the events channel, and the accounts behind open streams. */
import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { PublishedEvent, TicketEvent } from './publish.ts';

/** The PostgreSQL channel every process LISTENs on. */
export const EVENTS_CHANNEL = 'switchboard_events';

/**
 * SQL over the payloads of a write's events (a text[]) that another module runs inside the same
 * statement, yielding a count: the webhook deliveries (DESIGN.md §21). Handed in by app.ts through
 * `alsoHearEventsIn`, because the trail imports nothing above it.
 */
export type EventsHearer = (payloads: SQL) => SQL;
let hearer: EventsHearer | null = null;

/** Runs `next` on the payloads of every event published from now on (set once, before any write). */
export function alsoHearEventsIn(next: EventsHearer): void {
  hearer = next;
}

/**
 * NOTIFY of one ticket event, with `ticket_id` set to `ticketId` (SQL over a row of the same
 * prepared statement): the event of a ticket the statement itself creates. Its value is
 * `ticketEventParams(event)`.
 */
export function notifyWithTicketId(ticketId: SQL): SQL {
  const payload = sql.placeholder('ticketEvent');
  return notifyEachOf(sql`array[jsonb_set(${payload}::jsonb, '{ticket_id}', to_jsonb(${ticketId}))::text]`);
}

export function ticketEventParams(event: Omit<TicketEvent, 'ticket_id'>) {
  return { ticketEvent: JSON.stringify({ ...event, ticket_id: 0 }) };
}

/** The events of `eventsParams(events)` NOTIFYed, as the main query of a prepared statement. */
export function notifyEventsQuery(db: Pick<Db, 'select'>) {
  return db.select({ notified: notifyEachOf(sql`${sql.placeholder('events')}::text[]`) }).from(sql`(select 1) as one`);
}

/**
 * NOTIFY of each payload of a text[] (SQL), counted, and whatever else hears events (the webhook
 * deliveries): a subquery of a prepared statement.
 */
export function notifyEachOf(payloads: SQL): SQL {
  const notified = sql`(select count(pg_notify(${EVENTS_CHANNEL}, payload)) from unnest(${payloads}) as payload)`;
  return hearer ? sql`(${notified} + ${hearer(payloads)})` : notified;
}

export function eventsParams(events: PublishedEvent[]) {
  return { events: events.map((event) => JSON.stringify(event)) };
}

/**
 * NOTIFY of the events of `eventsParams(events)` and, when `also` (SQL) holds, of those of
 * `alsoEventsParams(more)`: a subquery of a prepared statement, counted.
 */
export function notifyEventsAlsoWhen(also: SQL): SQL {
  return notifyEachOf(sql`${sql.placeholder('events')}::text[]
    || case when ${also} then ${sql.placeholder('alsoEvents')}::text[] else '{}'::text[] end`);
}

export function alsoEventsParams(events: PublishedEvent[]) {
  return { alsoEvents: events.map((event) => JSON.stringify(event)) };
}

/**
 * Queues the events on the channel. Inside a transaction PostgreSQL delivers them when it commits
 * and drops them when it rolls back (a rolled-back savepoint drops its own).
 */
export async function notifyEvents(db: Db, events: PublishedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await notifyEventsQuery(db).prepare('notify_events').execute(eventsParams(events));
}

export interface StreamAccount {
  id: string;
  userType: (typeof users.$inferSelect)['userType'];
  tokenVersion: number;
}

/** The live (not deleted) accounts among `ids`. */
export async function findStreamAccounts(db: Db, ids: string[]): Promise<StreamAccount[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, userType: users.userType, tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
}
