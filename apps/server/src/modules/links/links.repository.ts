/**
 * The SQL of links between related tickets (DESIGN.md §27). A link has no direction: it is stored
 * once, the lower ticket id first, and read either way (the primary key serves the lower side,
 * ticket_links_high the higher one).
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TicketLink } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { ticketLinks, tickets } from '../../db/schema.ts';

/** The two ids of a link as it is stored: the lower first. */
export function linkPairOf(a: number, b: number): { lowTicketId: number; highTicketId: number } {
  return a < b ? { lowTicketId: a, highTicketId: b } : { lowTicketId: b, highTicketId: a };
}

/**
 * The links of the ticket whose id `ticketId` names (a column or a value) as JSON, newest link
 * first: each side read on its own index, the other ticket's title and status by primary key.
 * The ticket view folds it into its one statement; the link routes read it on its own.
 */
export function linksJsonOf(ticketId: SQL | typeof tickets.ticketId | number): SQL<TicketLink[]> {
  return sql<TicketLink[]>`(
    select coalesce(json_agg(json_build_object('ticket_id', other.ticket_id, 'title', other.title,
      'ticket_status', other.ticket_status) order by linked.created_at desc, other.ticket_id desc), '[]')
    from (select high_ticket_id as other_id, created_at from ticket_links where low_ticket_id = ${ticketId}
          union all
          select low_ticket_id, created_at from ticket_links where high_ticket_id = ${ticketId}) linked
    join tickets other on other.ticket_id = linked.other_id)`;
}

/** The ticket's links now, newest first. */
export async function listTicketLinks(db: Db, ticketId: number): Promise<TicketLink[]> {
  const [row] = await db
    .select({ links: linksJsonOf(tickets.ticketId) })
    .from(tickets)
    .where(eq(tickets.ticketId, ticketId));
  return linksOf(row?.links ?? []);
}

/** Links as JSON gives them back: ids of bigint columns may arrive as text. */
export function linksOf(json: TicketLink[]): TicketLink[] {
  return json.map((link) => ({ ...link, ticket_id: Number(link.ticket_id) }));
}

/** How many links each of the tickets has, either way: two index reads per ticket. */
export async function countLinks(db: Db, ticketIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({
      ticketId: tickets.ticketId,
      links: sql<number>`((select count(*) from ticket_links where low_ticket_id = ${tickets.ticketId})
        + (select count(*) from ticket_links where high_ticket_id = ${tickets.ticketId}))::int`,
    })
    .from(tickets)
    .where(inArray(tickets.ticketId, ticketIds));
  return new Map(rows.map((row) => [Number(row.ticketId), Number(row.links)]));
}

/** Whether the two tickets are linked. */
export async function isLinked(db: Db, a: number, b: number): Promise<boolean> {
  const pair = linkPairOf(a, b);
  const rows = await db
    .select({ low: ticketLinks.lowTicketId })
    .from(ticketLinks)
    .where(and(eq(ticketLinks.lowTicketId, pair.lowTicketId), eq(ticketLinks.highTicketId, pair.highTicketId)));
  return rows.length > 0;
}

/** Links the two tickets; false when they were linked already. */
export async function insertLink(db: Db, a: number, b: number, createdBy: string): Promise<boolean> {
  const inserted = await db
    .insert(ticketLinks)
    .values({ ...linkPairOf(a, b), createdBy })
    .onConflictDoNothing()
    .returning({ low: ticketLinks.lowTicketId });
  return inserted.length > 0;
}

/** Removes the link of the two tickets; false when there was none. */
export async function deleteLink(db: Db, a: number, b: number): Promise<boolean> {
  const pair = linkPairOf(a, b);
  const deleted = await db
    .delete(ticketLinks)
    .where(and(eq(ticketLinks.lowTicketId, pair.lowTicketId), eq(ticketLinks.highTicketId, pair.highTicketId)))
    .returning({ low: ticketLinks.lowTicketId });
  return deleted.length > 0;
}
