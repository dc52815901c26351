/**
 * The one place that turns stored tickets into replies, applying the viewer's rights
 * (DESIGN.md §6): agents and customers never receive internal comments, staff names, the issuer's
 * name or the routing between departments (the holder issued_to and the forwards).
 */
import {
  canSeeAssignee,
  canSeeInternalComments,
  canSeePriority,
  canSeeRating,
  canSeeRouting,
  canSeeServiceLevels,
  canSeeStaffNames,
  canUseTags,
  isStaff,
  type Assignee,
  type IssuedTo,
  type Ticket,
  type TicketComment,
  type TicketLink,
  type TicketListItem,
  type TicketPriority,
  type TicketRating,
  type UserType,
} from '@switchboard/shared';
import type { CommentRow } from '../comments/comments.repository.ts';
import type { ForwardEventRow } from '../forwarding/forwarding.repository.ts';
import type { TicketListRow } from './ticket-list.repository.ts';
import type { TicketWithIssuer } from './tickets.repository.ts';

/** How agents and customers see the name of any staff member. */
export const STAFF_DISPLAY_NAME = 'customer support';

export interface TicketViewer {
  user_type: UserType;
}

/** Maps a storage key to the address the browser loads it from. */
export type UrlOfKey = (key: string) => string;

/** The newest comments the viewer may see (oldest first) and how many they may see in all. */
export interface CommentsWindow {
  rows: CommentRow[];
  total: number;
}

/**
 * The name of somebody who acted on a ticket, as the viewer may read it: agents and customers read
 * every staff member as "customer support".
 */
export function actorNameFor(viewer: TicketViewer, name: string, userType: UserType): string {
  return isStaff({ user_type: userType }) && !canSeeStaffNames(viewer) ? STAFF_DISPLAY_NAME : name;
}

function presentComment(viewer: TicketViewer, comment: CommentRow, urlOf: UrlOfKey): TicketComment {
  return {
    id: comment.id,
    commenter_name: actorNameFor(viewer, comment.commenterName, comment.commenterUserType),
    created_at: comment.createdAt.toISOString(),
    message: comment.message,
    attachments: comment.attachments.map(urlOf),
    is_internal: comment.isInternal,
    source: comment.source,
    from_ticket_id: comment.fromTicketId,
  };
}

/**
 * Comments as the viewer may see them. The queries already leave internal comments out for agents
 * and customers; this filter keeps that true whatever a caller passes in.
 */
export function presentComments(viewer: TicketViewer, comments: CommentRow[], urlOf: UrlOfKey): TicketComment[] {
  const visible = canSeeInternalComments(viewer) ? comments : comments.filter((comment) => !comment.isInternal);
  return visible.map((comment) => presentComment(viewer, comment, urlOf));
}

/** The holder and the issuer's name: staff only (the routing between departments is internal). */
function routingOf(viewer: TicketViewer, row: { issuedTo: IssuedTo; issuerName: string | null }) {
  return canSeeRouting(viewer) ? { issued_to: row.issuedTo, issuer_name: row.issuerName } : {};
}

/** Who took the ticket (DESIGN.md §19): staff only; agents and customers never get the field. */
function assigneeOf(viewer: TicketViewer, row: { assigneeUserId: string | null; assigneeName: string | null }) {
  if (!canSeeAssignee(viewer)) return {};
  const assignee: Assignee | null = row.assigneeUserId === null ? null : { id: row.assigneeUserId, name: row.assigneeName ?? '' };
  return { assignee };
}

/** When the ticket is due and whether that has passed (DESIGN.md §17): staff only. */
function serviceDueOf(viewer: TicketViewer, row: { dueAt: Date | null; overdue: boolean; dueSoon: boolean; waiting: boolean }) {
  if (!canSeeServiceLevels(viewer)) return {};
  return { due_at: row.dueAt?.toISOString() ?? null, overdue: row.overdue, due_soon: row.dueSoon, waiting: row.waiting };
}

/** The ticket's priority (DESIGN.md §30): staff only. */
function priorityOf(viewer: TicketViewer, row: { priority: TicketPriority }) {
  return canSeePriority(viewer) ? { priority: row.priority } : {};
}

/** The rating of a ticket as read from ticket_ratings (DESIGN.md §25). */
export interface TicketRatingRow {
  score: number;
  channel: TicketRating['channel'];
  comment: string | null;
  ratedAt: Date;
}

/**
 * The issuer's rating (DESIGN.md §25): staff only, null until given. `undefined` (not read) leaves
 * the field out, as for a reply that did not read it.
 */
function ratingOf(viewer: TicketViewer, rating: TicketRatingRow | null | undefined) {
  if (!canSeeRating(viewer) || rating === undefined) return {};
  const shown: TicketRating | null =
    rating === null
      ? null
      : { score: rating.score, channel: rating.channel, comment: rating.comment, rated_at: rating.ratedAt.toISOString() };
  return { rating: shown };
}

/** The score of a list row's rating: staff only, and only from a list that read it. */
function ratingScoreOf(viewer: TicketViewer, row: { rating?: number | null }) {
  return canSeeRating(viewer) && row.rating !== undefined ? { rating: row.rating } : {};
}

/** A ticket's links to related tickets and its tags (DESIGN.md §27), as the view reads them for staff. */
export interface TicketLinksAndTags {
  links: TicketLink[];
  tags: string[];
}

/** Links and tags are staff's (DESIGN.md §27): the fields only for them, and only from a view that read them. */
function linksAndTagsOf(viewer: TicketViewer, read: TicketLinksAndTags | undefined) {
  return canUseTags(viewer) && read ? { links: read.links, tags: read.tags } : {};
}

/** A list row's tags: staff only, and only from a list that read them. */
function tagsOfRow(viewer: TicketViewer, row: { tags?: string[] }) {
  return canUseTags(viewer) && row.tags !== undefined ? { tags: row.tags } : {};
}

export function presentTicket(
  viewer: TicketViewer,
  ticket: TicketWithIssuer,
  comments: CommentsWindow,
  forwards: ForwardEventRow[],
  urlOf: UrlOfKey,
  rating?: TicketRatingRow | null,
  linksAndTags?: TicketLinksAndTags,
): Ticket {
  const staff = canSeeRouting(viewer);
  return {
    ticket_id: ticket.ticketId,
    title: ticket.title,
    description: ticket.description,
    problematic_number: ticket.problematicNumber,
    ...routingOf(viewer, ticket),
    issuer_number: ticket.issuerNumber,
    issuer_user_type: ticket.issuerUserType,
    ticket_status: ticket.ticketStatus,
    created_at: ticket.createdAt.toISOString(),
    resolved_at: ticket.resolvedAt?.toISOString() ?? null,
    attachments: ticket.attachments.map(urlOf),
    comments: presentComments(viewer, comments.rows, urlOf),
    comments_total: comments.total,
    forwarder_history: staff
      ? forwards.map((event) => ({
          previously_issued_to: event.previouslyIssuedTo,
          newly_issued_to: event.newlyIssuedTo,
          forward_cause: event.forwardCause,
          is_in_forward_loop: event.isInForwardLoop,
          forwarded_by_name: event.forwardedByName,
          created_at: event.createdAt.toISOString(),
          from_ticket_id: event.fromTicketId,
        }))
      : [],
    group_id: ticket.groupId,
    group_name: ticket.groupName,
    sub_group_id: ticket.subGroupId,
    sub_group_name: ticket.subGroupName,
    sub_group_name_bn: ticket.subGroupBn,
    client_email: ticket.clientEmail,
    ...(staff ? { incident_id: ticket.incidentId } : {}),
    ...assigneeOf(viewer, ticket),
    ...serviceDueOf(viewer, { ...ticket, waiting: ticket.waitingSince !== null }),
    ...priorityOf(viewer, ticket),
    ...ratingOf(viewer, rating),
    ...linksAndTagsOf(viewer, linksAndTags),
  };
}

export function presentTicketListItem(viewer: TicketViewer, row: TicketListRow): TicketListItem {
  return {
    ticket_id: row.ticketId,
    title: row.title,
    problematic_number: row.problematicNumber,
    ...routingOf(viewer, row),
    issuer_number: row.issuerNumber,
    issuer_user_type: row.issuerUserType,
    client_email: row.clientEmail,
    created_at: row.createdAt.toISOString(),
    ticket_status: row.ticketStatus,
    ...assigneeOf(viewer, row),
    ...serviceDueOf(viewer, row),
    ...priorityOf(viewer, row),
    ...ratingScoreOf(viewer, row),
    ...tagsOfRow(viewer, row),
  };
}
