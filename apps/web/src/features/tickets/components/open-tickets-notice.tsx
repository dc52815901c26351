import { Alert, Anchor, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { isValidPhoneEntry, withCountryPrefix } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { useNumberHistory } from '../../../entities/number-history.ts';
import { ticketsMessages } from '../messages.ts';

/** How long the number must stay unchanged before it is looked up (typing is not a request per key). */
export const NUMBER_LOOKUP_DEBOUNCE_MS = 400;

/**
 * Tells whoever is raising a ticket that the number already has open tickets, with links, so that
 * a repeated report becomes a comment on the open ticket. It never blocks the form and says
 * nothing while the number is incomplete, has no open tickets, or cannot be looked up.
 */
export function OpenTicketsNotice({ entry }: { entry: string }) {
  const t = useMessages(ticketsMessages);
  const [settled] = useDebouncedValue(entry, NUMBER_LOOKUP_DEBOUNCE_MS);
  const number = isValidPhoneEntry(settled) && settled === entry ? withCountryPrefix(settled) : null;
  const history = useNumberHistory(number);
  if (number === null || !history.data || history.data.open_count === 0) return null;

  const open = history.data.tickets.filter((ticket) => ticket.ticket_status !== 'closed');
  const unlisted = history.data.open_count - open.length;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={t('openTicketsHeading', { count: history.data.open_count })}
      role="status"
    >
      <Text size="sm" mb={open.length > 0 ? 6 : 0}>
        {t('openTicketsHint')}
      </Text>
      <List size="sm" spacing={2}>
        {open.map((ticket) => (
          <List.Item key={ticket.ticket_id}>
            <Anchor
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
              renderRoot={(props) => <Link to="/view-ticket" search={{ id: ticket.ticket_id }} {...props} />}
            >
              {t('openTicketsTicket', { id: String(ticket.ticket_id), title: ticket.title })}
            </Anchor>
          </List.Item>
        ))}
        {unlisted > 0 && <List.Item>{t('openTicketsMore', { count: unlisted })}</List.Item>}
      </List>
    </Alert>
  );
}
