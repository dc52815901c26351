import { Anchor, Group, List, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type Dashboard } from '@switchboard/shared';
import { FigurePanel } from './components/figure-panel.tsx';
import { useState, type ReactNode } from 'react';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ReadState } from '../../components/read-state.tsx';
import { RetentionNote } from '../../components/retention-note/retention-note.tsx';
import { useDashboard } from './api/dashboard.ts';
import { BacklogPanel } from './components/backlog-panel.tsx';
import { TicketsLink } from './components/figure-link.tsx';
import { PerDayPanel } from './components/per-day-panel.tsx';
import { SatisfactionPanel } from './components/satisfaction-panel.tsx';
import { TimesPanel } from './components/times-panel.tsx';
import { daysBefore, listOf } from './figures.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { dashboardMessages } from './messages.ts';

const PERIODS = [7, 30, 90] as const;

/** /dashboard: the desk at a glance (DESIGN.md §17), staff only. */
export function DashboardScreen() {
  const [days, setDays] = useState<number>(30);
  const dashboard = useDashboard(days);
  const t = useMessages(dashboardMessages);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <ScreenHeading title={t('title')} intro={t('intro')} />
          <RetentionNote />
        </div>
        <SegmentedControl
          aria-label={t('period')}
          value={String(days)}
          onChange={(value) => setDays(Number(value))}
          data={PERIODS.map((period) => ({ value: String(period), label: t('days', { days: period }) }))}
        />
      </Group>
      <ReadState read={dashboard} loadingText={t('loading')} failedText={t('failedToFetch')}>
        {(reply) => <Figures figures={reply.data} />}
      </ReadState>
    </Stack>
  );
}

function Figures({ figures }: { figures: Dashboard }) {
  const period = { first: figures.per_day[0]?.day, last: figures.per_day.at(-1)?.day };
  return (
    <Stack gap="md">
      <Totals figures={figures} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <PerDayPanel perDay={figures.per_day} />
        <BacklogPanel backlog={figures.backlog} />
        <TimesPanel times={figures.times} period={period} />
        <TopSubgroups figures={figures} />
        <SatisfactionPanel rows={figures.satisfaction} period={period} />
      </SimpleGrid>
    </Stack>
  );
}

function Total({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {children}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The period's totals and the state of now, each a link to its tickets. */
function Totals({ figures }: { figures: Dashboard }) {
  const first = figures.per_day[0]?.day;
  const last = figures.per_day.at(-1)?.day;
  const created = figures.per_day.reduce((sum, day) => sum + day.created, 0);
  const resolved = figures.per_day.reduce((sum, day) => sum + day.resolved, 0);
  const overdue = figures.backlog.reduce((sum, row) => sum + row.overdue, 0);
  const t = useMessages(dashboardMessages);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      <Total label={t('totalsCreated')}>
        <TicketsLink search={listOf({ start_date: first, end_date: last })} inherit>
          {t('ticketCount', { count: created })}
        </TicketsLink>
      </Total>
      <Total label={t('totalsResolved')}>
        <TicketsLink search={listOf({ resolved_from: first, resolved_to: last })} inherit>
          {t('ticketCount', { count: resolved })}
        </TicketsLink>
      </Total>
      <Total label={t('totalsOverdue')}>
        <TicketsLink search={listOf({ overdue: true })} inherit c={overdue > 0 ? 'red.8' : undefined}>
          {t('ticketCount', { count: overdue })}
        </TicketsLink>
      </Total>
      <Total label={t('incidentsTitle')}>
        <Anchor inherit renderRoot={(props) => <Link to="/incidents" search={{ tab: 'active', page: 1 }} {...props} />}>
          {t('incidentCount', { count: figures.active_incidents })}
        </Anchor>
      </Total>
      <Total label={t('totalsReportsAvoided')} hint={t('reportsAvoidedHint')}>
        {t('reportsAvoidedCount', { count: figures.reports_avoided })}
        <Text component="span" display="block" size="sm" fw={500}>
          {t('reportsAvoidedArticles', { count: figures.reports_avoided_articles })}
        </Text>
      </Total>
    </SimpleGrid>
  );
}

/** This week's busiest subgroups, each opening its tickets of the week. */
function TopSubgroups({ figures }: { figures: Dashboard }) {
  const today = figures.per_day.at(-1)?.day;
  const weekStart = today ? daysBefore(today, 6) : undefined;
  const t = useMessages(dashboardMessages);
  const labels = useLabels();
  return (
    <FigurePanel title={t('topSubgroupsTitle')}>
      {figures.top_subgroups.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('topSubgroupsNone')}
        </Text>
      ) : (
        <List type="ordered" spacing="xs">
          {figures.top_subgroups.map((row) => (
            <List.Item key={row.sub_group_id}>
              <TicketsLink search={listOf({ sub_group_id: row.sub_group_id, start_date: weekStart, end_date: today })}>
                <bdi>{labels.subgroup({ sub_group_en: row.sub_group_name, sub_group_bn: row.sub_group_name_bn })}</bdi>:{' '}
                {t('ticketCount', { count: row.count })}
              </TicketsLink>
            </List.Item>
          ))}
        </List>
      )}
    </FigurePanel>
  );
}
