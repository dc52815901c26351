import { Table, Text } from '@mantine/core';
import type { SatisfactionRow } from '@switchboard/shared';
import { listOf, percentOf, type Period } from '../figures.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { dashboardMessages } from '../messages.ts';
import { TicketsLink } from './figure-link.tsx';
import { FigurePanel, FigureTable } from './figure-panel.tsx';
import { SatisfactionChart } from './satisfaction-chart.tsx';

/** "83% satisfied · 10 of 12 · 1 low": the counts open the department's rated (or low-rated) tickets solved in the period. */
function SatisfactionLine({ row, period }: { row: SatisfactionRow; period: Period }) {
  const t = useMessages(dashboardMessages);
  const percent = percentOf(row.share);
  if (percent === null)
    return (
      <Text size="sm" c="dimmed" span>
        {t('satisfactionNone')}
      </Text>
    );
  // A rating follows its resolve by days at most: the tickets solved in the period stand for those rated in it.
  const solved = { issued_to: row.department, resolved_from: period.first, resolved_to: period.last };
  return (
    <Text size="sm" span>
      {t('satisfactionShare', { share: percent })} ·{' '}
      <TicketsLink search={listOf({ ...solved, rating: 'any' })} inherit>
        {t('satisfactionCounts', { satisfied: row.satisfied, rated: row.rated })}
      </TicketsLink>{' '}
      ·{' '}
      <TicketsLink search={listOf({ ...solved, rating: 'low' })} inherit c={row.low > 0 ? 'red.8' : undefined}>
        {t('satisfactionLow', { count: row.low })}
      </TicketsLink>
    </Text>
  );
}

/** Satisfaction per department (DESIGN.md §25): the share of 4 and 5 as bars, and each department's line of figures. */
export function SatisfactionPanel({ rows, period }: { rows: SatisfactionRow[]; period: Period }) {
  const t = useMessages(dashboardMessages);
  const labels = useLabels();
  return (
    <FigurePanel title={t('satisfactionTitle')}>
      <SatisfactionChart rows={rows} />
      <Table.ScrollContainer minWidth={320}>
        <FigureTable
          columns={[t('department'), t('satisfactionTitle')]}
          rows={rows}
          keyOf={(row) => row.department}
          cells={(row) => [labels.department(row.department), <SatisfactionLine row={row} period={period} />]}
        />
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('satisfactionNote')}
      </Text>
    </FigurePanel>
  );
}
