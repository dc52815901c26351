/**
 * The one place that turns stored tickets into replies, applying the viewer's rights
 * (DESIGN.md §6): agents and customers never receive internal comments, staff names, the issuer's
 * name or the routing between departments.
 */
import {
  isStaff,
  type IssuedTo,
  type IssuerUserType,
  type Ticket,
  type TicketComment,
  type TicketListItem,
  type TicketStatus,
  type UserType,
} from '@switchboard/shared';
import type { CommentRow } from '../comments/comments.repository.ts';
import type { ForwardEventRow, TicketListRow, TicketWithIssuer } from './tickets.repository.ts';

/** How agents and customers see the name of any staff member. */
export const STAFF_DISPLAY_NAME = 'customer support';

export interface TicketViewer {
  user_type: UserType;
}

/** Maps a storage key to the address the browser loads it from. */
export type UrlOfKey = (key: string) => string;

function presentComment(viewer: TicketViewer, comment: CommentRow, urlOf: UrlOfKey): TicketComment {
  const byStaff = isStaff({ user_type: comment.commenterUserType as UserType });
  return {
    id: comment.id,
    commenter_name: byStaff && !isStaff(viewer) ? STAFF_DISPLAY_NAME : comment.commenterName,
    created_at: comment.createdAt.toISOString(),
    message: comment.message,
    attachments: comment.attachments.map(urlOf),
    is_internal: comment.isInternal,
  };
}

export function presentTicket(
  viewer: TicketViewer,
  ticket: TicketWithIssuer,
  comments: CommentRow[],
  forwards: ForwardEventRow[],
  urlOf: UrlOfKey,
): Ticket {
  const staff = isStaff(viewer);
  const visibleComments = staff ? comments : comments.filter((comment) => !comment.isInternal);
  return {
    ticket_id: ticket.ticketId,
    title: ticket.title,
    description: ticket.description,
    problematic_number: ticket.problematicNumber,
    issued_to: ticket.issuedTo as IssuedTo,
    issuer_number: ticket.issuerNumber,
    ...(staff ? { issuer_name: ticket.issuerName } : {}),
    issuer_user_type: ticket.issuerUserType as IssuerUserType,
    ticket_status: ticket.ticketStatus as TicketStatus,
    created_at: ticket.createdAt.toISOString(),
    resolved_at: ticket.resolvedAt?.toISOString() ?? null,
    attachments: ticket.attachments.map(urlOf),
    comments: visibleComments.map((comment) => presentComment(viewer, comment, urlOf)),
    forwarder_history: staff
      ? forwards.map((event) => ({
          previously_issued_to: event.previouslyIssuedTo,
          newly_issued_to: event.newlyIssuedTo,
          forward_cause: event.forwardCause,
          is_in_forward_loop: event.isInForwardLoop,
          forwarded_by_name: event.forwardedByName,
          created_at: event.createdAt.toISOString(),
        }))
      : [],
    group_id: ticket.groupId,
    group_name: ticket.groupName,
    sub_group_id: ticket.subGroupId,
    sub_group_name: ticket.subGroupName,
    client_email: ticket.clientEmail,
  };
}

export function presentTicketListItem(viewer: TicketViewer, row: TicketListRow): TicketListItem {
  return {
    ticket_id: row.ticketId,
    title: row.title,
    problematic_number: row.problematicNumber,
    issued_to: row.issuedTo as IssuedTo,
    issuer_number: row.issuerNumber,
    ...(isStaff(viewer) ? { issuer_name: row.issuerName } : {}),
    issuer_user_type: row.issuerUserType as IssuerUserType,
    client_email: row.clientEmail,
    created_at: row.createdAt.toISOString(),
    ticket_status: row.ticketStatus as TicketStatus,
  };
}
