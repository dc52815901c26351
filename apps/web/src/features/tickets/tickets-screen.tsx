import { Alert, Button, Group, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { isStaff, type IssuerUserType } from '@switchboard/shared';
import { useEffect, useState } from 'react';
import { PaginationFooter } from '../../components/pagination-footer.tsx';
import { TicketTable } from '../../components/ticket-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { todayIn } from '../../lib/dates.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { useGroups } from '../../lib/group-options.ts';
import { currentSession } from '../../lib/session.ts';
import { useTicketList } from './api/ticket-list.ts';
import { CustomerStatusSearch } from './components/customer-status-search.tsx';
import { TicketFiltersPanel } from './components/ticket-filters.tsx';
import { TicketSearchBar } from './components/ticket-search-bar.tsx';
import { messages } from './messages.ts';
import {
  cleanFilters,
  filtersForViewer,
  filtersOf,
  hasFilters,
  readStoredFilters,
  storeFilters,
  type TicketFilters,
} from './tickets-search.ts';

type Tab = 'all' | IssuerUserType;

/** /tickets?page=N: the paged ticket list with the filters each kind of user may use (spec §2, §6). */
export function TicketsScreen() {
  const userType = currentSession()?.user_type ?? 'customer';
  const staff = isStaff({ user_type: userType });
  const search = useSearch({ from: '/signed-in/tickets' });
  const navigate = useNavigate();
  const timeZone = useProviderTimeZone();
  const groups = useGroups();
  const urlFilters = filtersForViewer(userType, filtersOf(search));

  // Arriving without filters in the URL (nav bar, logo) brings back the ones of this browser session.
  const [pendingRestore, setPendingRestore] = useState<TicketFilters | null>(() => {
    if (hasFilters(urlFilters)) return null;
    const stored = filtersForViewer(userType, readStoredFilters());
    return hasFilters(stored) ? stored : null;
  });
  const filters = pendingRestore ?? urlFilters;
  const filtersKey = JSON.stringify(filters);

  useEffect(() => {
    if (!pendingRestore) return;
    void navigate({ to: '/tickets', search: { ...pendingRestore, page: search.page }, replace: true }).then(() =>
      setPendingRestore(null),
    );
  }, [pendingRestore, navigate, search.page]);

  useEffect(() => {
    if (!pendingRestore) storeFilters(JSON.parse(filtersKey) as TicketFilters);
  }, [filtersKey, pendingRestore]);

  const list = useTicketList(search.page, filters);
  const total = list.data?.total_tickets ?? 0;
  const totalPages = list.data?.total_pages ?? 0;

  // A page past the end (fewer tickets since the link was made) shows the last page instead.
  useEffect(() => {
    if (!list.isPlaceholderData && totalPages > 0 && search.page > totalPages) {
      void navigate({ to: '/tickets', search: (previous) => ({ ...previous, page: totalPages }), replace: true });
    }
  }, [list.isPlaceholderData, totalPages, search.page, navigate]);

  const applyFilters = (change: Partial<TicketFilters>) => {
    void navigate({ to: '/tickets', search: { ...cleanFilters({ ...filters, ...change }), page: 1 } });
  };
  const clearFilters = () => {
    void navigate({
      to: '/tickets',
      search: { ...(staff && filters.issuer_user_type ? { issuer_user_type: filters.issuer_user_type } : {}), page: 1 },
    });
  };
  const goToPage = (page: number) => {
    void navigate({ to: '/tickets', search: { ...filters, page } });
  };

  const tab: Tab = filters.issuer_user_type ?? 'all';
  const searchFilters = { ticket_id: filters.ticket_id, problematic_number: filters.problematic_number };

  return (
    <Stack gap="md">
      <Title order={2}>{messages.listTitle}</Title>
      {staff && (
        <Tabs
          value={tab}
          onChange={(value) => applyFilters({ issuer_user_type: value === 'agent' || value === 'customer' ? value : undefined })}
        >
          <Tabs.List aria-label={messages.tabsLabel}>
            <Tabs.Tab value="all">{messages.tabs.all}</Tabs.Tab>
            <Tabs.Tab value="agent">{messages.tabs.agent}</Tabs.Tab>
            <Tabs.Tab value="customer">{messages.tabs.customer}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      )}
      <Paper withBorder p="md">
        <Stack gap="md">
          {staff && (
            <TicketFiltersPanel filters={filters} groups={groups.data} today={todayIn(timeZone)} onChange={applyFilters} />
          )}
          {userType === 'customer' ? (
            <CustomerStatusSearch status={filters.status} onChange={(status) => applyFilters({ status })} />
          ) : (
            <TicketSearchBar
              withTicketId={staff}
              applied={searchFilters}
              onSearch={(values) => applyFilters(values)}
              onClear={clearFilters}
              canClear={hasFilters({ ...filters, issuer_user_type: undefined })}
            />
          )}
        </Stack>
      </Paper>
      {list.isError ? (
        <Alert color="red" title={errorMessage(list.error)}>
          <Button variant="light" color="red" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <TicketTable
          tickets={list.data?.data ?? []}
          loading={list.isPending || pendingRestore !== null}
          showIssuerColumns={staff}
          timeZone={timeZone}
          onOpen={(id) => void navigate({ to: '/view-ticket', search: { id } })}
          loadingText={messages.loading}
          emptyText={messages.empty}
        />
      )}
      <Group justify="flex-end">
        <PaginationFooter page={search.page} total={total} estimated={list.data?.total_is_estimate} onPageChange={goToPage} />
      </Group>
    </Stack>
  );
}
