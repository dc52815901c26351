/**
 * The comments of a ticket a page at a time (a ticket may carry thousands): the ticket reply holds
 * the newest page, earlier pages are fetched before a given comment. Oldest first within a page.
 */
import { AppError, canSeeInternalComments, COMMENTS_PAGE_SIZE, type UserType } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { CommentsWindow } from '../tickets/ticket-presenter.ts';
import {
  isCommentInScope,
  listLatestComments,
  listNewestCommentsWithTotal,
  type CommentRow,
  type CommentScope,
} from './comments.repository.ts';

function scopeFor(viewer: { user_type: UserType }, ticketId: number): CommentScope {
  return { ticketId, withInternal: canSeeInternalComments(viewer) };
}

/** The newest comments the viewer may see and how many they may see in all. */
export async function newestComments(db: Db, viewer: { user_type: UserType }, ticketId: number): Promise<CommentsWindow> {
  const scope = scopeFor(viewer, ticketId);
  const { rows, total } = await listNewestCommentsWithTotal(db, scope, COMMENTS_PAGE_SIZE);
  return { rows: rows.reverse(), total };
}

/**
 * The page of comments before `beforeId` (the newest page when absent). A cursor that is not a
 * comment this viewer may see on this ticket is refused as bad input, never used to leak anything.
 */
export async function commentsBefore(
  db: Db,
  viewer: { user_type: UserType },
  ticketId: number,
  beforeId: string | undefined,
): Promise<{ rows: CommentRow[]; hasMore: boolean }> {
  const scope = scopeFor(viewer, ticketId);
  if (beforeId !== undefined && !(await isCommentInScope(db, scope, beforeId))) {
    throw AppError.invalidField('before', 'comments.notOfTicket');
  }
  // One more than a page tells whether still earlier comments exist.
  const rows = await listLatestComments(db, scope, COMMENTS_PAGE_SIZE + 1, beforeId);
  return { rows: rows.slice(0, COMMENTS_PAGE_SIZE).reverse(), hasMore: rows.length > COMMENTS_PAGE_SIZE };
}
