import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { ticketKey } from './api/ticket.ts';

/**
 * The reply collision of the comment form (DESIGN.md §27). `seenUntil` is the newest comment the
 * view had shown when the draft began (one that shows up while somebody types may go unread): the
 * server refuses the comment with 409 `comments.repliedMeanwhile` when somebody else wrote since.
 * Then the ticket is read again, so that their comment shows, and the form asks before sending:
 * sending again names the newest comment shown by then. The draft itself is never touched here.
 */
export function useReplyCollision(ticketId: number, newestShown: string, draft: string) {
  const queryClient = useQueryClient();
  const [collided, setCollided] = useState<string | null>(null);
  const [draftBegan, setDraftBegan] = useState<string | null>(null);
  // The first text of a draft marks what its writer had read (a draft kept from before: what shows now).
  const writing = draft.trim() !== '';
  if (!writing && draftBegan !== null) setDraftBegan(null);
  if (writing && draftBegan === null) setDraftBegan(newestShown);

  return {
    /** The server's words when the last send collided, until a send goes through. */
    collided,
    /** After a collision the writer has been shown the newer comments: the newest shown now counts. */
    seenUntil: (): string => (collided === null ? (draftBegan ?? newestShown) : newestShown),
    /** Whether the failure was a collision: then the ticket is read again, and the form asks once it shows. */
    collidedWith: (error: unknown): boolean => {
      if (!(error instanceof ApiError && error.status === 409 && error.code === 'conflict')) return false;
      void queryClient.invalidateQueries({ queryKey: ticketKey(ticketId) }).finally(() => setCollided(error.message));
      return true;
    },
    sent: () => setCollided(null),
  };
}
