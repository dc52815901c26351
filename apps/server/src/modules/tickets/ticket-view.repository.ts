/**
 * A ticket as its view shows it, in one statement (DESIGN.md §10): the ticket with its names, its
 * newest comments the viewer may read and how many there are, and (for staff) its forwards. Each
 * part is read on its own index (comments_ticket_created, forward_events_ticket) and folded into
 * JSON, so a ticket costs one round trip, not three.
 */
import { eq, sql } from 'drizzle-orm';
import type { TicketLink } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { tickets, users } from '../../db/schema.ts';
import type { CommentRow } from '../comments/comments.repository.ts';
import type { ForwardEventRow } from '../forwarding/forwarding.repository.ts';
import { linksJsonOf, linksOf } from '../links/links.repository.ts';
import { tagsJsonOf } from '../tags/tags.repository.ts';
import type { CommentsWindow, TicketLinksAndTags, TicketRatingRow } from './ticket-presenter.ts';
import { TICKET_WITH_ISSUER_FIELDS, ticketWithIssuerOf, type TicketWithIssuer } from './tickets.repository.ts';

/** What the view of a ticket reads beside the ticket: for staff, internal notes, forwards and the rating too. */
export interface TicketViewScope {
  withInternal: boolean;
  withForwards: boolean;
  withRating: boolean;
  /** Staff's links to related tickets and tags (DESIGN.md §27). */
  withLinksAndTags: boolean;
}

export interface TicketView {
  ticket: TicketWithIssuer;
  /** The newest comments of the scope, oldest first, and how many it has in all. */
  comments: CommentsWindow;
  /** The forwards, oldest first (none unless the scope has them). */
  forwards: ForwardEventRow[];
  /** The issuer's rating: null when none was given, undefined when the scope leaves it out. */
  rating: TicketRatingRow | null | undefined;
  /** The links and tags (DESIGN.md §27); undefined when the scope leaves them out. */
  linksAndTags: TicketLinksAndTags | undefined;
}

/** A comment and a forward as the statement folds them into JSON: column names, instants as text. */
type CommentJson = Record<'id' | 'commenter_name' | 'message' | 'created_at', string> & {
  ticket_id: number;
  commenter_user_id: string | null;
  commenter_user_type: CommentRow['commenterUserType'];
  is_internal: boolean;
  source: CommentRow['source'];
  attachments: string[];
  from_ticket_id: number | null;
};
type ForwardJson = Record<'id' | 'forward_cause' | 'forwarded_by_name' | 'created_at', string> & {
  ticket_id: number;
  previously_issued_to: ForwardEventRow['previouslyIssuedTo'];
  newly_issued_to: ForwardEventRow['newlyIssuedTo'];
  is_in_forward_loop: boolean;
  forwarded_by: string | null;
  from_ticket_id: number | null;
};
type RatingJson = Pick<TicketRatingRow, 'score' | 'channel' | 'comment'> & { rated_at: string };

function ticketViewStatement(db: Db, scope: TicketViewScope) {
  const visible = scope.withInternal ? sql`` : sql` and not is_internal`;
  const ticketId = tickets.ticketId;
  const newestComments = sql<CommentJson[]>`(
    select coalesce(json_agg(newest order by newest.created_at, newest.id), '[]')
    from (select id, ticket_id, commenter_user_id, commenter_name, commenter_user_type, message, is_internal, attachments, source, from_ticket_id, created_at
          from comments where ticket_id = ${ticketId}${visible}
          order by created_at desc, id desc limit ${sql.placeholder('commentsLimit')}) newest)`;
  const commentsTotal = sql<number>`(select count(*)::int from comments where ticket_id = ${ticketId}${visible})`;
  const forwards = scope.withForwards
    ? sql<ForwardJson[]>`(
        select coalesce(json_agg(forward order by forward.created_at, forward.id), '[]')
        from forward_events forward where forward.ticket_id = ${ticketId})`
    : sql<ForwardJson[]>`'[]'::json`;
  // One primary-key read of ticket_ratings (DESIGN.md §25).
  const rating = scope.withRating
    ? sql<RatingJson | null>`(
        select json_build_object('score', score, 'channel', channel, 'comment', comment, 'rated_at', rated_at)
        from ticket_ratings where ticket_ratings.ticket_id = ${ticketId})`
    : sql<RatingJson | null>`null::json`;
  const links = scope.withLinksAndTags ? linksJsonOf(ticketId) : sql<TicketLink[]>`'[]'::json`;
  const tags = scope.withLinksAndTags ? tagsJsonOf(ticketId) : sql<string[]>`'[]'::json`;
  return db
    .select({ ...TICKET_WITH_ISSUER_FIELDS, newestComments, commentsTotal, forwards, rating, links, tags })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.issuerUserId))
    .where(eq(tickets.ticketId, sql.placeholder('ticketId')))
    .prepare(
      `ticket_view${scope.withInternal ? '_internal' : ''}${scope.withForwards ? '_forwards' : ''}${scope.withRating ? '_rating' : ''}${scope.withLinksAndTags ? '_links_tags' : ''}`,
    );
}

/** One prepared statement per scope: sixteen at most (two in use: staff's and the issuers'). */
const viewsByScope = [false, true].flatMap((withInternal) =>
  [false, true].flatMap((withForwards) =>
    [false, true].flatMap((withRating) =>
      [false, true].map((withLinksAndTags) => {
        const scope = { withInternal, withForwards, withRating, withLinksAndTags };
        return { ...scope, statement: preparedPerDatabase((db) => ticketViewStatement(db, scope)) };
      }),
    ),
  ),
);

function viewStatement(db: Db, scope: TicketViewScope) {
  const found = viewsByScope.find(
    (view) =>
      view.withInternal === scope.withInternal &&
      view.withForwards === scope.withForwards &&
      view.withRating === scope.withRating &&
      view.withLinksAndTags === scope.withLinksAndTags,
  );
  if (!found) throw new Error('every scope has its statement');
  return found.statement(db);
}

function commentOf(json: CommentJson): CommentRow {
  return {
    id: json.id,
    ticketId: Number(json.ticket_id),
    commenterUserId: json.commenter_user_id,
    commenterName: json.commenter_name,
    commenterUserType: json.commenter_user_type,
    message: json.message,
    isInternal: json.is_internal,
    attachments: json.attachments,
    source: json.source,
    fromTicketId: json.from_ticket_id === null ? null : Number(json.from_ticket_id),
    createdAt: new Date(json.created_at),
  };
}

function forwardOf(json: ForwardJson): ForwardEventRow {
  return {
    id: json.id,
    ticketId: Number(json.ticket_id),
    previouslyIssuedTo: json.previously_issued_to,
    newlyIssuedTo: json.newly_issued_to,
    forwardCause: json.forward_cause,
    isInForwardLoop: json.is_in_forward_loop,
    forwardedBy: json.forwarded_by,
    forwardedByName: json.forwarded_by_name,
    fromTicketId: json.from_ticket_id === null ? null : Number(json.from_ticket_id),
    createdAt: new Date(json.created_at),
  };
}

function ratingOf(json: RatingJson | null): TicketRatingRow | null {
  if (json === null) return null;
  return { score: json.score, channel: json.channel, comment: json.comment, ratedAt: new Date(json.rated_at) };
}

/** The view of a ticket by its id, or undefined when there is no such ticket. */
export async function findTicketView(
  db: Db,
  ticketId: number,
  scope: TicketViewScope,
  commentsLimit: number,
): Promise<TicketView | undefined> {
  const [row] = await viewStatement(db, scope).execute({ ticketId, commentsLimit });
  if (!row) return undefined;
  const { newestComments, commentsTotal, forwards, rating, links, tags, ...ticket } = row;
  return {
    ticket: ticketWithIssuerOf(ticket),
    comments: { rows: newestComments.map(commentOf), total: commentsTotal },
    forwards: forwards.map(forwardOf),
    rating: scope.withRating ? ratingOf(rating) : undefined,
    linksAndTags: scope.withLinksAndTags ? { links: linksOf(links), tags } : undefined,
  };
}
