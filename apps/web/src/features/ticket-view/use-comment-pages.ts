import type { Ticket, TicketComment } from '@switchboard/shared';
import { useState } from 'react';
import { fetchEarlierComments } from './api/comments.ts';

export interface CommentPages {
  /** Every comment loaded so far, oldest first. */
  comments: TicketComment[];
  /** Some comments the viewer may see are not loaded yet. */
  hasEarlier: boolean;
  loading: boolean;
  error: unknown;
  loadEarlier: () => Promise<void>;
}

/** Joins pages without repeating a comment, keeping the order they arrive in (oldest first). */
function joined(...pages: TicketComment[][]): TicketComment[] {
  const byId = new Map<string, TicketComment>();
  for (const comment of pages.flat()) if (!byId.has(comment.id)) byId.set(comment.id, comment);
  return [...byId.values()];
}

/**
 * The ticket reply carries the newest comments; earlier ones come a page at a time. What was
 * loaded is kept: when a new comment moves the reply's window on, the comment that drops out of it
 * stays shown instead of leaving a gap.
 */
export function useCommentPages(
  ticket: Pick<Ticket, 'ticket_id' | 'comments' | 'comments_total'>,
  /** Runs right before earlier comments are added at the top. */
  beforePrepend: () => void,
): CommentPages {
  const [earlier, setEarlier] = useState<TicketComment[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const comments = joined(earlier, ticket.comments);

  const loadEarlier = async () => {
    const oldest = comments[0];
    if (!oldest || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchEarlierComments(ticket.ticket_id, oldest.id);
      beforePrepend();
      setEarlier((current) => joined(page.data, current, ticket.comments));
      setExhausted(!page.has_more);
    } catch (failure) {
      setError(failure);
    } finally {
      setLoading(false);
    }
  };

  return { comments, hasEarlier: !exhausted && comments.length < ticket.comments_total, loading, error, loadEarlier };
}
