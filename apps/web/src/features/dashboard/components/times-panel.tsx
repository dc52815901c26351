import { Text } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { formatMinutes, listOf, type Period } from '../figures.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { dashboardMessages } from '../messages.ts';
import { TicketsLink } from './figure-link.tsx';
import { FigurePanel, FigureTable } from './figure-panel.tsx';

/**
 * Median minutes to the first reply and to resolve, per department. Each opens the tickets it is
 * taken over: the department's tickets raised in the period (the median counts those with a staff
 * reply), and those solved in the period.
 */
export function TimesPanel({ times, period }: { times: Dashboard['times']; period: Period }) {
  const t = useMessages(dashboardMessages);
  const labels = useLabels();
  return (
    <FigurePanel title={t('timesTitle')}>
      <FigureTable
        columns={[t('department'), t('timesFirstReply'), t('timesResolve')]}
        rows={times}
        keyOf={(row) => row.department}
        cells={(row) => [
          labels.department(row.department),
          <TicketsLink search={listOf({ issued_to: row.department, start_date: period.first, end_date: period.last })}>
            {formatMinutes(row.median_first_reply_minutes, t) ?? t('timesNone')}
          </TicketsLink>,
          <TicketsLink search={listOf({ issued_to: row.department, resolved_from: period.first, resolved_to: period.last })}>
            {formatMinutes(row.median_resolve_minutes, t) ?? t('timesNone')}
          </TicketsLink>,
        ]}
      />
      <Text size="xs" c="dimmed">
        {t('timesNote')}
      </Text>
    </FigurePanel>
  );
}
