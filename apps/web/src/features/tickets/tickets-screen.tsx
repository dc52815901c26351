import { Paper, Stack, Tabs, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  canActInBulk,
  canManageIncidents,
  canSeePriority,
  canSeeRouting,
  listFiltersFor,
  type IssuerUserType,
  type TicketListFilterName,
} from '@switchboard/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import { PaginationFooter } from '../../components/pagination-footer.tsx';
import { TicketTable } from '../../components/ticket-table.tsx';
import { todayIn } from '../../lib/dates.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { useGroups } from '../../entities/groups.ts';
import { currentSession } from '../../lib/session.ts';
import { useTicketList } from './api/ticket-list.ts';
import { fetchTicketList } from './api/ticket-list-query.ts';
import { useBulkSelection } from './bulk/use-bulk-selection.ts';
import { CustomerStatusSearch } from './components/customer-status-search.tsx';
import { NewTicketsPill } from './components/new-tickets-pill.tsx';
import { TicketFiltersPanel } from './components/ticket-filters.tsx';
import { TicketSearchBar } from './components/ticket-search-bar.tsx';
import { SolvedFilterNotice } from './components/solved-filter-notice.tsx';
import { TicketSortSelect } from './components/ticket-sort-select.tsx';
import { ticketsMessages } from './messages.ts';
import {
  arrivalFilters,
  cleanFilters,
  filtersForViewer,
  filtersOf,
  hasFilters,
  orderForViewer,
  orderSearchOf,
  storeFilters,
  type TicketFilters,
  type TicketListOrder,
} from './tickets-search.ts';
import { withNormalisedTag } from './tag-filter.ts';
import { useLiveTicketList } from './use-live-ticket-list.ts';

type Tab = 'all' | 'mine' | IssuerUserType;

// Staff only, in its own chunk: the list's bundle stays within its budget and nobody waits for it.
const IncidentBanner = lazy(() => import('./components/incident-banner.tsx'));
// Staff only, like the banner: the bar, its dialogs and summary (DESIGN.md §30).
const BulkActionBar = lazy(() => import('./bulk/bulk-action-bar.tsx'));

/** /tickets?page=N: the paged ticket list with the filters each kind of user may use (spec §2, §6). */
export function TicketsScreen() {
  const t = useMessages(ticketsMessages);
  const session = currentSession();
  const userType = session?.user_type ?? 'customer';
  // The same rule the server applies: which filters this viewer has (spec §6).
  const allowed: readonly TicketListFilterName[] = listFiltersFor({ user_type: userType });
  const may = (filter: TicketListFilterName) => allowed.includes(filter);
  const search = useSearch({ from: '/signed-in/tickets' });
  const navigate = useNavigate();
  const timeZone = useProviderTimeZone();
  const groups = useGroups();
  const urlFilters = withNormalisedTag(filtersForViewer(userType, filtersOf(search)));
  // The order (DESIGN.md §30) rides along in every address the screen goes to, as the filters do.
  const order = orderForViewer(userType, search);
  const orderSearch = orderSearchOf(order);

  // Arriving without filters in the URL (nav bar, logo) brings back the ones of this browser session.
  const [pendingRestore, setPendingRestore] = useState<TicketFilters | null>(() => {
    const arrival = arrivalFilters(userType, search);
    return arrival.restored ? arrival.filters : null;
  });
  const filters = pendingRestore ?? urlFilters;
  const filtersKey = JSON.stringify(filters);

  useEffect(() => {
    if (!pendingRestore) return;
    void navigate({
      to: '/tickets',
      search: { ...pendingRestore, page: search.page, sort: search.sort, order: search.order },
      replace: true,
    }).then(() => setPendingRestore(null));
  }, [pendingRestore, navigate, search.page, search.sort, search.order]);

  useEffect(() => {
    if (!pendingRestore) storeFilters(JSON.parse(filtersKey) as TicketFilters);
  }, [filtersKey, pendingRestore]);

  const list = useTicketList(search.page, filters, order);
  const total = list.data?.total_tickets ?? 0;
  const totalPages = list.data?.total_pages ?? 0;
  const live = useLiveTicketList(list.data?.data);
  const bulk = useBulkSelection(canActInBulk({ user_type: userType }), list.data?.data, filtersKey);

  // A page past the end (fewer tickets since the link was made) shows the last page instead.
  useEffect(() => {
    if (!list.isPlaceholderData && totalPages > 0 && search.page > totalPages) {
      void navigate({ to: '/tickets', search: (previous) => ({ ...previous, page: totalPages }), replace: true });
    }
  }, [list.isPlaceholderData, totalPages, search.page, navigate]);

  const applyFilters = (change: Partial<TicketFilters>) => {
    void navigate({ to: '/tickets', search: { ...cleanFilters({ ...filters, ...change }), ...orderSearch, page: 1 } });
  };
  const applyOrder = (chosen: TicketListOrder) => {
    void navigate({ to: '/tickets', search: { ...filters, ...orderSearchOf(chosen), page: 1 } });
  };
  const clearFilters = () => {
    void navigate({
      to: '/tickets',
      search: {
        ...(may('issuer_user_type') && filters.issuer_user_type ? { issuer_user_type: filters.issuer_user_type } : {}),
        ...(filters.assignee === 'me' ? { assignee: filters.assignee } : {}),
        ...orderSearch,
        page: 1,
      },
    });
  };
  const goToPage = (page: number) => {
    void navigate({ to: '/tickets', search: { ...filters, ...orderSearch, page } });
  };

  // "Mine" is the assignee filter of the viewer (staff only); the others are the issuer type.
  const tab: Tab = filters.assignee === 'me' ? 'mine' : (filters.issuer_user_type ?? 'all');
  const searchFilters = { ticket_id: filters.ticket_id, problematic_number: filters.problematic_number, q: filters.q };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('listTitle')}
      </Title>
      {canManageIncidents({ user_type: userType }) && (
        <Suspense fallback={null}>
          <IncidentBanner />
        </Suspense>
      )}
      {may('issuer_user_type') && (
        <Tabs
          value={tab}
          onChange={(value) =>
            applyFilters({
              issuer_user_type: value === 'agent' || value === 'customer' ? value : undefined,
              assignee: value === 'mine' ? 'me' : undefined,
            })
          }
        >
          <Tabs.List aria-label={t('tabsLabel')}>
            <Tabs.Tab value="all">{t('tabAll')}</Tabs.Tab>
            {may('assignee') && <Tabs.Tab value="mine">{t('tabMine')}</Tabs.Tab>}
            <Tabs.Tab value="agent">{t('tabAgent')}</Tabs.Tab>
            <Tabs.Tab value="customer">{t('tabCustomer')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      )}
      <Paper withBorder p="md">
        <Stack gap="md">
          {may('group_id') && (
            <TicketFiltersPanel filters={filters} groups={groups.data} today={todayIn(timeZone)} onChange={applyFilters} />
          )}
          {may('resolved_from') && (
            <SolvedFilterNotice
              from={filters.resolved_from}
              to={filters.resolved_to}
              onRemove={() => applyFilters({ resolved_from: undefined, resolved_to: undefined })}
            />
          )}
          {!may('problematic_number') ? (
            <>
              <CustomerStatusSearch
                status={filters.status}
                onChange={(status) => applyFilters({ status })}
                onClear={() => applyFilters({ status: undefined, q: undefined })}
                canClear={filters.status !== undefined || filters.q !== undefined}
              />
              <TicketSearchBar
                withTicketId={false}
                withNumber={false}
                withText
                applied={searchFilters}
                onSearch={(values) => applyFilters({ q: values.q })}
              />
            </>
          ) : (
            <TicketSearchBar
              withTicketId={may('ticket_id')}
              withText={may('q')}
              applied={searchFilters}
              onSearch={(values) => applyFilters(values)}
              onClear={clearFilters}
              canClear={hasFilters({ ...filters, issuer_user_type: undefined })}
            />
          )}
          <TicketSortSelect userType={userType} value={order} onChange={applyOrder} />
        </Stack>
      </Paper>
      <NewTicketsPill
        count={live.count}
        onShow={() => {
          live.show();
          if (search.page !== 1) goToPage(1);
        }}
      />
      {bulk.column && session && (
        <Suspense fallback={null}>
          <BulkActionBar
            selection={bulk.selection}
            pageIds={bulk.pageIds}
            total={total}
            fetchPage={(page, signal) => fetchTicketList(page, filters, order, signal)}
            viewer={session}
          />
        </Suspense>
      )}
      {list.isError ? (
        <LoadError error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : (
        <TicketTable
          tickets={list.data?.data ?? []}
          loading={list.isPending || pendingRestore !== null}
          showIssuerColumns={canSeeRouting({ user_type: userType })}
          timeZone={timeZone}
          onOpen={(id) => void navigate({ to: '/view-ticket', search: { id } })}
          loadingText={t('loading')}
          emptyText={t('empty')}
          highlight={filters.q}
          selection={bulk.column}
          showPriority={canSeePriority({ user_type: userType })}
        />
      )}
      <PaginationFooter
        page={search.page}
        total={total}
        estimated={list.data?.total_is_estimate}
        capped={list.data?.total_is_capped}
        onPageChange={goToPage}
      />
    </Stack>
  );
}
