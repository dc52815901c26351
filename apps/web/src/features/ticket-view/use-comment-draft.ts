import { useState } from 'react';
import { currentSession } from '../../lib/session.ts';

/** Per user and ticket, for this tab only: another account signing in here never sees the text. */
function draftKey(ticketId: number): string {
  return `comment_draft:${currentSession()?.sub ?? ''}:${ticketId}`;
}

/**
 * The comment being written, kept in sessionStorage while it is typed: a session that ends (the
 * server signs the user out) or a reload does not lose it. Cleared once the comment is sent.
 */
export function useCommentDraft(ticketId: number) {
  const [text, setText] = useState(() => sessionStorage.getItem(draftKey(ticketId)) ?? '');

  const change = (value: string) => {
    setText(value);
    if (value === '') sessionStorage.removeItem(draftKey(ticketId));
    else sessionStorage.setItem(draftKey(ticketId), value);
  };

  return { text, change, clear: () => change('') };
}
