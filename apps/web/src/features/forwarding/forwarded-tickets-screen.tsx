import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { canSeeForwardedTickets } from '@switchboard/shared';
import { useEffect } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import { PaginationFooter } from '../../components/pagination-footer.tsx';
import { PermissionGate } from '../../components/permission-gate.tsx';
import { TicketTable } from '../../components/ticket-table.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { useForwardedTickets } from './api/forwarded-tickets.ts';
import { forwardingMessages } from './messages.ts';

/** /forwarded-tickets?page=N: the tickets in the department's forward chains (spec §2); staff only. */
export function ForwardedTicketsScreen() {
  return (
    <PermissionGate allows={canSeeForwardedTickets}>
      <ForwardedTickets />
    </PermissionGate>
  );
}

function ForwardedTickets() {
  const t = useMessages(forwardingMessages);
  const { page } = useSearch({ from: '/signed-in/forwarded-tickets' });
  const navigate = useNavigate();
  const timeZone = useProviderTimeZone();
  const list = useForwardedTickets(page);
  // Besides the 30 s refresh of the spec: a forward, resolve or reopen anywhere shows at once.
  useLiveEvents((event) => {
    if (event.event === 'ticket.changed') void list.refetch();
  });
  const totalPages = list.data?.total_pages ?? 0;

  // A page past the end (tickets left the chain since the link was made) shows the last page instead.
  useEffect(() => {
    if (!list.isPlaceholderData && totalPages > 0 && page > totalPages) {
      void navigate({ to: '/forwarded-tickets', search: { page: totalPages }, replace: true });
    }
  }, [list.isPlaceholderData, totalPages, page, navigate]);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </div>
      {list.isError && !list.data ? (
        <LoadError error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : (
        <TicketTable
          tickets={list.data?.data ?? []}
          loading={list.isPending}
          showIssuerColumns
          timeZone={timeZone}
          onOpen={(id) => void navigate({ to: '/view-ticket', search: { id } })}
          loadingText={t('loading')}
          emptyText={t('empty')}
        />
      )}
      <PaginationFooter
        page={page}
        total={list.data?.total_tickets ?? 0}
        estimated={list.data?.total_is_estimate}
        onPageChange={(target) => void navigate({ to: '/forwarded-tickets', search: { page: target } })}
      />
    </Stack>
  );
}
