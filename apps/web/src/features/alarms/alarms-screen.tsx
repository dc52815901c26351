import { Button, Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ALARMS_PAGE_SIZE, canManageAlarmRules, type AlarmView } from '@switchboard/shared';
import { useCallback, type ReactNode } from 'react';
import { PagedListScreen } from '../../components/paged-list-screen.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { currentSession } from '../../lib/session.ts';
import { AlarmTable } from './alarm-table.tsx';
import { alarmsKey, useAlarmDeliveries, useAlarms } from './api/alarms.ts';
import { ALARM_TABS, isAlarmView, type AlarmTab } from './alarms-search.ts';
import { DeliveriesTable } from './deliveries-table.tsx';
import { alarmsMessages } from './messages.ts';
import { RulesSection } from './rules-section.tsx';

const TAB_WORDS = {
  firing: 'tabFiring',
  recent: 'tabRecent',
  unrouted: 'tabUnrouted',
  deliveries: 'tabDeliveries',
  rules: 'tabRules',
} as const;
const EMPTY_WORDS = { firing: 'emptyFiring', recent: 'emptyRecent', unrouted: 'emptyUnrouted' } as const;

/**
 * /alarms?view=&page= (staff, DESIGN.md §22): the firing, recent and unrouted alarms with their
 * incident, the last deliveries, and for admins the routing rules. A delivery or an incident change
 * heard live reads the lists again.
 */
export function AlarmsScreen() {
  const t = useMessages(alarmsMessages);
  const search = useSearch({ from: '/signed-in/alarms' });
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = currentSession();
  const mayEditRules = session !== null && canManageAlarmRules(session);
  const tab: AlarmTab = search.view === 'rules' && !mayEditRules ? 'firing' : search.view;
  useLiveEvents((event) => {
    if (event.event !== 'alarm.changed' && event.event !== 'incident.changed') return;
    void client.invalidateQueries({ queryKey: alarmsKey, predicate: (query) => query.queryKey[1] !== 'rules' });
  });

  const goToPage = useCallback(
    (page: number, replace?: boolean) => void navigate({ to: '/alarms', search: { view: tab, page }, replace }),
    [navigate, tab],
  );
  const tabs = <AlarmTabs tab={tab} tabs={ALARM_TABS.filter((value) => value !== 'rules' || mayEditRules)} />;

  if (tab === 'rules')
    return (
      <Stack gap="md">
        <ScreenHeading title={t('title')} intro={t('intro')} />
        {tabs}
        <RulesSection />
      </Stack>
    );
  if (tab === 'deliveries') return <DeliveriesPanel page={search.page} tabs={tabs} onPageChange={goToPage} />;
  return <AlarmListPanel view={isAlarmView(tab) ? tab : 'firing'} page={search.page} tabs={tabs} onPageChange={goToPage} />;
}

/**
 * The lists as a row of links, the current one marked: each is a URL of its own (reload and Back
 * keep it), reached with Tab and opened with Enter. Plain links rather than Mantine's Tabs keep the
 * rule dialog's chunk, which loads this screen's, within its budget.
 */
function AlarmTabs({ tab, tabs }: { tab: AlarmTab; tabs: readonly AlarmTab[] }) {
  const t = useMessages(alarmsMessages);
  return (
    <Group component="nav" aria-label={t('tabsLabel')} gap="xs">
      {tabs.map((value) => {
        const current = value === tab;
        return (
          <Button
            key={value}
            size="sm"
            variant={current ? 'filled' : 'default'}
            aria-current={current ? 'page' : undefined}
            renderRoot={(props) => <Link to="/alarms" search={{ view: value, page: 1 }} {...props} />}
          >
            {t(TAB_WORDS[value])}
          </Button>
        );
      })}
    </Group>
  );
}

interface PanelProps {
  page: number;
  tabs: ReactNode;
  onPageChange: (page: number, replace?: boolean) => void;
}

function AlarmListPanel({ view, page, tabs, onPageChange }: PanelProps & { view: AlarmView }) {
  const t = useMessages(alarmsMessages);
  const list = useAlarms(view, page);
  const rows = list.data?.data ?? [];
  return (
    <PagedListScreen
      title={t('title')}
      intro={t('intro')}
      filters={tabs}
      read={list}
      failedText={t('failed')}
      loadingText={t('loading')}
      emptyText={t(EMPTY_WORDS[view])}
      empty={rows.length === 0}
      page={page}
      total={list.data?.total ?? 0}
      pageSize={ALARMS_PAGE_SIZE}
      onPageChange={onPageChange}
    >
      <AlarmTable alarms={rows} />
    </PagedListScreen>
  );
}

function DeliveriesPanel({ page, tabs, onPageChange }: PanelProps) {
  const t = useMessages(alarmsMessages);
  const list = useAlarmDeliveries(page);
  const rows = list.data?.data ?? [];
  return (
    <PagedListScreen
      title={t('title')}
      intro={t('deliveriesIntro')}
      filters={tabs}
      read={list}
      failedText={t('deliveriesFailed')}
      loadingText={t('deliveriesLoading')}
      emptyText={t('deliveriesEmpty')}
      empty={rows.length === 0}
      page={page}
      total={list.data?.total ?? 0}
      pageSize={ALARMS_PAGE_SIZE}
      onPageChange={onPageChange}
    >
      <DeliveriesTable deliveries={rows} />
    </PagedListScreen>
  );
}
