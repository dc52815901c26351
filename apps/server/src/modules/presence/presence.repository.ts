/** The SQL of who is on a ticket now (DESIGN.md §27): the ticket_presence rows, one per person and ticket. */
import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { PRESENCE_TTL_MS, type PresenceState, type PresentPerson } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { ticketPresence, users } from '../../db/schema.ts';
import { notifyEachOf } from '../events/events.repository.ts';

/** More people than this on one ticket at once are not listed: the reply stays small whatever happens. */
export const PRESENCE_LIST_MAX = 50;

/** The instant before which a row is gone: PRESENCE_TTL_MS ago, by the database's clock. */
const freshSince = sql`now() - ${PRESENCE_TTL_MS} * interval '1 millisecond'`;

export interface PresenceWrite {
  ticketId: number;
  userId: string;
  state: PresenceState;
}

/** The rows of a raw statement's result: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows as Row[];
  throw new Error('a statement answered without rows');
}

/**
 * Writes where the person is (a row for viewing or replying, none for gone) and removes the
 * ticket's stale rows of others, in one statement. When what others see changed (the person came,
 * came back after falling silent, changed state, or went) and anybody else is there, the same
 * statement publishes `ticket.presence` for them (PresenceEvent): a heartbeat that changes nothing
 * costs one statement and no event. The sweep skips rows another writer holds, so two writers of
 * one ticket never wait for each other. Whether others saw a change.
 */
export async function writePresence(db: Db, write: PresenceWrite): Promise<boolean> {
  const { ticketId, userId, state } = write;
  const own = sql`ticket_id = ${ticketId} and user_id = ${userId}`;
  const written =
    state === 'gone'
      ? sql`delete from ${ticketPresence} where ${own}`
      : sql`insert into ${ticketPresence} (ticket_id, user_id, state, seen_at) values (${ticketId}, ${userId}, ${state}, now())
          on conflict (ticket_id, user_id) do update set state = excluded.state, seen_at = excluded.seen_at`;
  // What others saw before: the person's fresh row (a stale one was already gone to them).
  const changed =
    state === 'gone' ? sql`exists (select 1 from prev)` : sql`not exists (select 1 from prev where state = ${state})`;
  const event = sql`jsonb_build_object('event', 'ticket.presence', 'ticket_id', ${ticketId}::bigint,
    'user_ids', (select jsonb_agg(user_id) from others))::text`;
  // Where a person is matters for 45 s: its commit need not wait for the disk (a crash forgets at
  // most the last moment's heartbeats, which the next ones write again), and the heartbeats of a
  // desk full of open tickets do not queue behind the WAL's flushes.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return tx.execute(sql`with prev as (
      select state from ${ticketPresence} where ${own} and seen_at >= ${freshSince}
    ), others as (
      select user_id from ${ticketPresence}
      where ticket_id = ${ticketId} and user_id <> ${userId} and seen_at >= ${freshSince}
      limit ${PRESENCE_LIST_MAX}
    ), swept as (
      delete from ${ticketPresence} where (ticket_id, user_id) in (
        select ticket_id, user_id from ${ticketPresence}
        where ticket_id = ${ticketId} and user_id <> ${userId} and seen_at < ${freshSince}
        for update skip locked)
    ), written as (${written}), changed as (select ${changed} as changed)
    select changed.changed as changed,
      ${notifyEachOf(sql`case when changed.changed and exists (select 1 from others) then array[${event}] else '{}'::text[] end`)} as notified
    from changed`);
  });
  const [row] = rowsOf<{ changed: boolean }>(result);
  return row?.changed === true;
}

/** The others on the ticket now (fresh rows only), replying ones first, then by name. */
export async function listOthersOnTicket(db: Db, ticketId: number, userId: string): Promise<PresentPerson[]> {
  return db
    .select({ user_id: ticketPresence.userId, name: users.name, state: ticketPresence.state })
    .from(ticketPresence)
    .innerJoin(users, eq(users.id, ticketPresence.userId))
    .where(and(eq(ticketPresence.ticketId, ticketId), ne(ticketPresence.userId, userId), gte(ticketPresence.seenAt, freshSince)))
    .orderBy(desc(sql`${ticketPresence.state} = 'replying'`), asc(users.name), asc(ticketPresence.userId))
    .limit(PRESENCE_LIST_MAX);
}
