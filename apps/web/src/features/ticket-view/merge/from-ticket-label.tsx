import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketViewMessages } from '../messages.ts';

/** "from ticket N" on a comment or forward that a merge moved here (DESIGN.md §27): a link to where it was written. */
export function FromTicketLabel({ ticketId }: { ticketId: number | null | undefined }) {
  const t = useMessages(ticketViewMessages);
  if (ticketId === null || ticketId === undefined) return null;
  return (
    <Anchor
      size="xs"
      renderRoot={(props) => <Link to="/view-ticket" search={{ id: ticketId }} {...props} />}
      data-testid="from-ticket"
    >
      {t('fromTicket', { id: String(ticketId) })}
    </Anchor>
  );
}
