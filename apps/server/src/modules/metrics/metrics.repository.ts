/**
 * The figures /metrics reads from the database (DESIGN.md §29). Each count is a range of a partial
 * index the workers and lists already keep, so a scrape costs a few index reads, not a table scan.
 */
import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { alarms, incidents, outboxMessages, tickets } from '../../db/schema.ts';

export interface OutboxQueueFigure {
  channel: string;
  /** `issuers` (replies, resolutions, receipts) or `broadcast` (outage broadcasts). */
  queue: 'issuers' | 'broadcast';
  depth: number;
  /** Seconds since the oldest message of the queue was written. */
  oldestAgeSeconds: number;
}

export interface DatabaseFigures {
  outbox: OutboxQueueFigure[];
  alarmsFiring: number;
  activeIncidents: number;
  ticketsOverdue: number;
  ticketsDueSoon: number;
}

/** The pending messages of each channel and queue (outbox_messages_due, outbox_messages_broadcast_due). */
async function readOutbox(db: Db): Promise<OutboxQueueFigure[]> {
  const queue = sql<string>`case when ${outboxMessages.broadcastId} is null then 'issuers' else 'broadcast' end`;
  const rows = await db
    .select({
      channel: outboxMessages.channel,
      queue,
      depth: sql<number>`count(*)::int`,
      oldest: sql<number>`coalesce(extract(epoch from now() - min(${outboxMessages.createdAt})), 0)::float8`,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'pending'))
    .groupBy(outboxMessages.channel, queue);
  return rows.map((row) => ({
    channel: row.channel,
    queue: row.queue === 'broadcast' ? 'broadcast' : 'issuers',
    depth: Number(row.depth),
    oldestAgeSeconds: Math.max(0, Number(row.oldest)),
  }));
}

async function countOf(db: Db, table: PgTable, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return Number(row?.n ?? 0);
}

/** One read of every figure; the caller bounds its statements' time (database-figures.ts). */
export async function readDatabaseFigures(db: Db): Promise<DatabaseFigures> {
  return {
    outbox: await readOutbox(db),
    // alarms_firing and incidents_status_created.
    alarmsFiring: await countOf(db, alarms, eq(alarms.status, 'firing')),
    activeIncidents: await countOf(db, incidents, eq(incidents.status, 'active')),
    // A range of tickets_due_first: only unsolved tickets held by a department have a due time.
    ticketsOverdue: await countOf(db, tickets, lt(tickets.dueAt, sql`now()`)),
    // A range of tickets_sla_pending, as the Due soon filter of the ticket list reads it.
    ticketsDueSoon: await countOf(
      db,
      tickets,
      sql`${tickets.ticketStatus} <> 'closed' and ${tickets.slaStage} < 3 and ${tickets.waitingSince} is null
        and ${tickets.warnAt} <= now() and ${tickets.dueAt} >= now()`,
    ),
  };
}
