/**
 * The SQL of staff's tags on tickets (DESIGN.md §27). Tags are stored as tagSchema normalised them
 * (lower case, one space), so that finding a tag is an equality on the (tag, ticket_id) index.
 */
import { and, asc, eq, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TagSuggestionsReply } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { ticketTags, tickets } from '../../db/schema.ts';

/** The ticket's tags (the ticket whose id `ticketId` names) as a JSON array, in alphabetical order: its primary key's range. */
export function tagsJsonOf(ticketId: typeof tickets.ticketId): SQL<string[]> {
  return sql<
    string[]
  >`(select coalesce(json_agg(tag order by tag), '[]') from ticket_tags where ticket_tags.ticket_id = ${ticketId})`;
}

/**
 * The tickets that have the tag: an EXISTS that the planner answers from ticket_tags_tag
 * (tag, ticket_id) when the tag is rare, or by probing the primary key of each newest ticket when
 * it is common.
 */
export function hasTag(tag: string | Placeholder): SQL {
  return sql`exists (select 1 from ${ticketTags} where ${ticketTags.tag} = ${tag} and ${ticketTags.ticketId} = ${tickets.ticketId})`;
}

/** The ticket's tags, in alphabetical order. */
export async function listTicketTags(db: Db, ticketId: number): Promise<string[]> {
  const rows = await db
    .select({ tag: ticketTags.tag })
    .from(ticketTags)
    .where(eq(ticketTags.ticketId, ticketId))
    .orderBy(asc(ticketTags.tag));
  return rows.map((row) => row.tag);
}

/** The tags of each of the tickets (a page of the list, a batch of the report), one grouped read. */
export async function tagsOfTickets(db: Db, ticketIds: number[]): Promise<Map<number, string[]>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .select({ ticketId: ticketTags.ticketId, tags: sql<string[]>`array_agg(${ticketTags.tag} order by ${ticketTags.tag})` })
    .from(ticketTags)
    // One array parameter, not one per ticket: a report's batch has thousands.
    .where(sql`${ticketTags.ticketId} = any(${`{${ticketIds.join(',')}}`}::bigint[])`)
    .groupBy(ticketTags.ticketId);
  return new Map(rows.map((row) => [Number(row.ticketId), row.tags]));
}

/** Adds and removes tags of the ticket. */
export async function changeTicketTags(db: Db, ticketId: number, added: string[], removed: string[]): Promise<void> {
  if (removed.length > 0)
    await db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tag, removed)));
  if (added.length > 0)
    await db
      .insert(ticketTags)
      .values(added.map((tag) => ({ ticketId, tag })))
      .onConflictDoNothing();
}

/** `prefix` as a LIKE pattern of the strings that begin with it: `%`, `_` and `\` match themselves. */
export function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The smallest string after every string that begins with `prefix`: its last character's next one. */
export function afterPrefix(prefix: string): string {
  const characters = [...prefix];
  const last = characters.pop()?.codePointAt(0) ?? 0;
  return characters.join('') + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
}

/**
 * The tags in use that begin with `prefix` (all when empty), most used first, at most `limit`. The
 * range reads only the prefix's part of the (tag, ticket_id) index (a LIKE alone would not, outside
 * the C collation); the LIKE keeps the answer exact whatever the collation orders.
 */
export async function suggestTags(db: Db, prefix: string, limit: number): Promise<TagSuggestionsReply['data']> {
  const uses = sql<number>`count(*)::int`;
  const rows = await db
    .select({ tag: ticketTags.tag, tickets: uses })
    .from(ticketTags)
    .where(
      prefix === ''
        ? undefined
        : and(
            gte(ticketTags.tag, prefix),
            lt(ticketTags.tag, afterPrefix(prefix)),
            sql`${ticketTags.tag} like ${prefixPattern(prefix)}`,
          ),
    )
    .groupBy(ticketTags.tag)
    .orderBy(sql`count(*) desc`, asc(ticketTags.tag))
    .limit(limit);
  return rows.map((row) => ({ tag: row.tag, tickets: Number(row.tickets) }));
}
