import { Text } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { listOf } from '../figures.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { dashboardMessages } from '../messages.ts';
import { PerDayChart } from './per-day-chart.tsx';
import { TicketsLink } from './figure-link.tsx';
import { FigurePanel, FigureTable } from './figure-panel.tsx';

/** Tickets raised and solved per day: a line chart, and the same figures as a table of links. */
export function PerDayPanel({ perDay }: { perDay: Dashboard['per_day'] }) {
  const t = useMessages(dashboardMessages);
  return (
    <FigurePanel title={t('perDayTitle')}>
      <PerDayChart perDay={perDay} />
      <details>
        <summary>
          <Text span size="sm">
            {t('daysAsTable')}
          </Text>
        </summary>
        <FigureTable
          striped
          columns={[t('day'), t('perDayCreated'), t('perDayResolved')]}
          rows={[...perDay].reverse()}
          keyOf={(day) => day.day}
          cells={(day) => [
            day.day,
            <TicketsLink search={listOf({ start_date: day.day, end_date: day.day })}>
              {t('ticketCount', { count: day.created })}
            </TicketsLink>,
            <TicketsLink search={listOf({ resolved_from: day.day, resolved_to: day.day })}>
              {t('ticketCount', { count: day.resolved })}
            </TicketsLink>,
          ]}
        />
      </details>
    </FigurePanel>
  );
}
