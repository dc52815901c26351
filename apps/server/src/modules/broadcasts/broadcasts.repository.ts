/**
 * SQL of outage broadcasts (DESIGN.md §23): the audience of an incident's areas, the one statement
 * that writes a broadcast's messages to the outbox, and each broadcast's progress from its rows.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BroadcastKind } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { rowsOf } from './raw-rows.ts';
import { broadcasts, incidents, outboxMessages, users } from '../../db/schema.ts';

export type BroadcastRow = typeof broadcasts.$inferSelect;

/** A broadcast with its messages counted by outcome, and who sent it. */
export interface BroadcastView extends BroadcastRow {
  createdByName: string | null;
  sent: number;
  failed: number;
  delivered: number;
  pending: number;
}

/** One broadcast of an incident at a time: a second request (another process, a double click) waits here. */
export async function lockIncidentBroadcasts(tx: Db, incidentId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`broadcasts:${incidentId}`}))`);
}

export async function findIncidentForBroadcast(db: Db, incidentId: number) {
  const [row] = await db
    .select({ id: incidents.id, status: incidents.status, areaCodes: incidents.areaCodes })
    .from(incidents)
    .where(eq(incidents.id, incidentId));
  return row;
}

/**
 * The subscribers a broadcast of `kind` would reach now: active, not opted out, in the areas, and
 * not yet told this kind by this incident (a cancelled message told nobody). The last part is one
 * lookup of (broadcast_id, recipient) per earlier broadcast of the kind, on their unique index;
 * `except` leaves out the broadcast being written, whose own rows must not slow its insert.
 */
function audienceWhere(incidentId: number, kind: BroadcastKind, areaCodes: string[], except?: string): SQL {
  const codes = sql`array(select jsonb_array_elements_text(${JSON.stringify(areaCodes)}::jsonb))`;
  return sql`s.area_code = any(${codes}) and s.status = 'active' and s.opted_out_at is null
    and not exists (
      select 1 from ${broadcasts} b join ${outboxMessages} o on o.broadcast_id = b.id and o.recipient = s.number
      where b.incident_id = ${incidentId} and b.kind = ${kind} and o.status <> 'cancelled'
        ${except ? sql`and b.id <> ${except}::uuid` : sql``}
    )`;
}

export async function countAudience(db: Db, incidentId: number, kind: BroadcastKind, areaCodes: string[]): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    db.execute(sql`select count(*)::int as n from subscribers s where ${audienceWhere(incidentId, kind, areaCodes)}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Broadcasts of the incident in all, and whether one of `kind` is still sending. */
export async function broadcastsSoFar(db: Db, incidentId: number, kind: BroadcastKind) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      sendingOfKind: sql<number>`(count(*) filter (where ${broadcasts.kind} = ${kind} and ${broadcasts.status} = 'sending'))::int`,
    })
    .from(broadcasts)
    .where(eq(broadcasts.incidentId, incidentId));
  return { total: row?.total ?? 0, sendingOfKind: row?.sendingOfKind ?? 0 };
}

export async function insertBroadcast(
  tx: Db,
  row: Pick<BroadcastRow, 'incidentId' | 'kind' | 'messageEn' | 'messageBn' | 'createdBy'>,
): Promise<BroadcastRow> {
  const [inserted] = await tx.insert(broadcasts).values(row).returning();
  if (!inserted) throw new Error('the broadcast was not stored');
  return inserted;
}

/**
 * Every message of the broadcast in ONE statement: an SMS per subscriber of the audience in the
 * subscriber's language, straight from the directory into the outbox (100,000 rows in seconds, none
 * of them through this process). Returns how many were written, also stored on the broadcast.
 */
export async function queueBroadcastMessages(tx: Db, broadcast: BroadcastRow, areaCodes: string[]): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    tx.execute(sql`
    with queued as (
      insert into ${outboxMessages} (channel, kind, recipient, body, broadcast_id)
      select 'sms', 'broadcast', s.number,
        case when s.language = 'en' then ${broadcast.messageEn} else ${broadcast.messageBn} end, ${broadcast.id}::uuid
      from subscribers s
      where ${audienceWhere(broadcast.incidentId, broadcast.kind, areaCodes, broadcast.id)}
      returning 1
    )
    update ${broadcasts} set recipients = (select count(*) from queued)
    where id = ${broadcast.id}
    returning recipients as n`),
  );
  return Number(rows[0]?.n ?? 0);
}

const counted = (status: string) =>
  sql<number>`(select count(*) from ${outboxMessages} o where o.broadcast_id = ${broadcasts.id} and o.status = ${status})::int`;

const VIEW_COLUMNS = {
  row: broadcasts,
  createdByName: users.name,
  sent: counted('sent'),
  failed: counted('failed'),
  pending: counted('pending'),
  // What the gateway reported delivered (DESIGN.md §24); a message is sent before it is delivered.
  delivered: sql<number>`(select count(*) from ${outboxMessages} o where o.broadcast_id = ${broadcasts.id} and o.delivery = 'delivered')::int`,
};

function viewOf(found: {
  row: BroadcastRow;
  createdByName: string | null;
  sent: number;
  failed: number;
  pending: number;
  delivered: number;
}): BroadcastView {
  return {
    ...found.row,
    createdByName: found.createdByName,
    sent: found.sent,
    failed: found.failed,
    pending: found.pending,
    delivered: found.delivered,
  };
}

/** The incident's broadcasts, newest first (BROADCASTS_PER_INCIDENT_MAX at most exist). */
export async function listBroadcastViews(db: Db, incidentId: number): Promise<BroadcastView[]> {
  const rows = await db
    .select(VIEW_COLUMNS)
    .from(broadcasts)
    .leftJoin(users, eq(users.id, broadcasts.createdBy))
    .where(eq(broadcasts.incidentId, incidentId))
    .orderBy(desc(broadcasts.createdAt), asc(broadcasts.id));
  return rows.map(viewOf);
}

export async function findBroadcastView(db: Db, incidentId: number, broadcastId: string): Promise<BroadcastView | undefined> {
  const [found] = await db
    .select(VIEW_COLUMNS)
    .from(broadcasts)
    .leftJoin(users, eq(users.id, broadcasts.createdBy))
    .where(and(eq(broadcasts.incidentId, incidentId), eq(broadcasts.id, broadcastId)));
  return found && viewOf(found);
}

/** Locks a broadcast of the incident for a change of its status. */
export async function lockBroadcast(tx: Db, incidentId: number, broadcastId: string): Promise<BroadcastRow | undefined> {
  const [row] = await tx
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.incidentId, incidentId), eq(broadcasts.id, broadcastId)))
    .for('update');
  return row;
}

/** Cancels a sending broadcast: its waiting messages never go. Returns how many were cancelled. */
export async function cancelBroadcastMessages(tx: Db, broadcastId: string): Promise<number> {
  const cancelled = await tx
    .update(outboxMessages)
    .set({ status: 'cancelled' })
    .where(and(eq(outboxMessages.broadcastId, broadcastId), eq(outboxMessages.status, 'pending')))
    .returning({ id: outboxMessages.id });
  await tx
    .update(broadcasts)
    .set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(eq(broadcasts.id, broadcastId));
  return cancelled.length;
}
