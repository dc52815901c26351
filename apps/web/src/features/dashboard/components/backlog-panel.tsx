import { Table } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { listOf } from '../figures.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { dashboardMessages } from '../messages.ts';
import { BacklogChart } from './backlog-chart.tsx';
import { TicketsLink } from './figure-link.tsx';
import { FigurePanel, FigureTable } from './figure-panel.tsx';

/** Each department's unsolved tickets: a bar chart, and the figures as links to their lists. */
export function BacklogPanel({ backlog }: { backlog: Dashboard['backlog'] }) {
  const t = useMessages(dashboardMessages);
  const labels = useLabels();
  return (
    <FigurePanel title={t('backlogTitle')}>
      <BacklogChart backlog={backlog} />
      <Table.ScrollContainer minWidth={320}>
        <FigureTable
          columns={[t('department'), t('backlogOpen'), t('backlogInProgress'), t('backlogOverdue')]}
          rows={backlog}
          keyOf={(row) => row.department}
          cells={(row) => [
            labels.department(row.department),
            <TicketsLink search={listOf({ issued_to: row.department, status: 'open' })}>{row.open}</TicketsLink>,
            <TicketsLink search={listOf({ issued_to: row.department, status: 'in_progress' })}>{row.in_progress}</TicketsLink>,
            <TicketsLink search={listOf({ issued_to: row.department, overdue: true })} c={row.overdue > 0 ? 'red.8' : undefined}>
              {row.overdue}
            </TicketsLink>,
          ]}
        />
      </Table.ScrollContainer>
    </FigurePanel>
  );
}
