/**
 * The tickets a merge may take a ticket into (DESIGN.md §27): the source's issuer's or its number's
 * other unsolved tickets, read on tickets_issuer_created and tickets_problematic_number. A merged
 * ticket is closed, so "unsolved" leaves merged ones out too.
 */
import { and, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { MERGE_CANDIDATES_MAX } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { tickets } from '../../db/schema.ts';
import type { TicketRow } from '../tickets/tickets.repository.ts';

export type MergeSource = Pick<TicketRow, 'ticketId' | 'issuerUserId' | 'problematicNumber'>;

/** Narrows by what was typed: the start of a ticket id, or words anywhere in the title. */
function narrowedBy(q: string | undefined): SQL | undefined {
  if (q === undefined) return undefined;
  const byTitle = ilike(tickets.title, `%${escapeLike(q)}%`);
  const digits = q.replace(/^#/, '');
  return /^\d{1,19}$/.test(digits) ? or(sql`${tickets.ticketId}::text like ${`${digits}%`}`, byTitle) : byTitle;
}

/** The candidates, newest first, at most MERGE_CANDIDATES_MAX, each saying whether it is the same issuer's. */
export async function listMergeCandidates(db: Db, source: MergeSource, q: string | undefined) {
  const sameIssuer =
    source.issuerUserId === null ? sql<boolean>`false` : sql<boolean>`(${tickets.issuerUserId} = ${source.issuerUserId})`;
  const duplicates = or(
    source.issuerUserId === null ? undefined : eq(tickets.issuerUserId, source.issuerUserId),
    eq(tickets.problematicNumber, source.problematicNumber),
  );
  return db
    .select({
      ticketId: tickets.ticketId,
      title: tickets.title,
      problematicNumber: tickets.problematicNumber,
      issuedTo: tickets.issuedTo,
      ticketStatus: tickets.ticketStatus,
      createdAt: tickets.createdAt,
      sameIssuer: sql<boolean>`coalesce(${sameIssuer}, false)`,
    })
    .from(tickets)
    .where(and(duplicates, ne(tickets.ticketId, source.ticketId), ne(tickets.ticketStatus, 'closed'), narrowedBy(q)))
    .orderBy(desc(tickets.createdAt), desc(tickets.ticketId))
    .limit(MERGE_CANDIDATES_MAX);
}
