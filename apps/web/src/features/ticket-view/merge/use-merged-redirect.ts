import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import type { Ticket } from '@switchboard/shared';
import { useEffect } from 'react';
import { translate } from '../../../lib/i18n.ts';
import { ticketViewMessages } from '../messages.ts';
import { mergedToastId } from './merged-toast.ts';

/**
 * A merged ticket's view leads to the ticket it went into (DESIGN.md §27), replacing the history
 * entry so that Back does not bounce; the server sends `merged_into` only to a viewer who may see
 * that ticket, and anybody else stays here with the merged comment.
 */
export function useMergedRedirect(ticket: Pick<Ticket, 'ticket_id' | 'merged_into'> | undefined): void {
  const navigate = useNavigate();
  const from = ticket?.ticket_id;
  const into = ticket?.merged_into;
  useEffect(() => {
    if (from === undefined || into === null || into === undefined) return;
    // Whoever merged it already sees the server's notice under the same id (api.ts): one toast, not two.
    notifications.show({ id: mergedToastId(from), message: translate(ticketViewMessages, 'mergedHere', { id: String(from) }) });
    void navigate({ to: '/view-ticket', search: { id: into }, replace: true });
  }, [from, into, navigate]);
}
