import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PagedListScreen } from '../../components/paged-list-screen.tsx';
import { TicketTable } from '../../components/ticket-table.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { useForwardedTickets } from './api/forwarded-tickets.ts';
import { forwardingMessages } from './messages.ts';

/** /forwarded-tickets?page=N: the tickets in the department's forward chains (spec §2); staff only. */
export function ForwardedTicketsScreen() {
  const t = useMessages(forwardingMessages);
  const { page } = useSearch({ from: '/signed-in/forwarded-tickets' });
  const navigate = useNavigate();
  const timeZone = useProviderTimeZone();
  const list = useForwardedTickets(page);
  // Besides the 30 s refresh of the spec: a forward, resolve or reopen anywhere shows at once.
  useLiveEvents((event) => {
    if (event.event === 'ticket.changed') void list.refetch();
  });
  const rows = list.data?.data ?? [];
  const goToPage = useCallback(
    (target: number, replace?: boolean) => void navigate({ to: '/forwarded-tickets', search: { page: target }, replace }),
    [navigate],
  );

  return (
    <PagedListScreen
      title={t('title')}
      intro={t('intro')}
      read={list}
      loadingText={t('loading')}
      emptyText={t('empty')}
      empty={rows.length === 0}
      page={page}
      total={list.data?.total_tickets ?? 0}
      estimated={list.data?.total_is_estimate}
      onPageChange={goToPage}
    >
      <TicketTable
        tickets={rows}
        loading={false}
        showIssuerColumns
        timeZone={timeZone}
        onOpen={(id) => void navigate({ to: '/view-ticket', search: { id } })}
      />
    </PagedListScreen>
  );
}
