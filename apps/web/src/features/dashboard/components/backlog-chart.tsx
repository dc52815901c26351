/** Each department's unsolved tickets as grouped bars (the figures are the panel's table of links). */
import { Stack } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { dashboardMessages } from '../messages.ts';
import { BottomLabel, ChartFrame, ChartLegend, CountAxis, countTicks, countY, PLOT, type ChartSeries } from './chart-frame.tsx';

type Row = Dashboard['backlog'][number];

const SERIES = [
  { key: 'backlogOpen', color: 'var(--mantine-color-blue-7)', count: (row: Row) => row.open },
  { key: 'backlogInProgress', color: 'var(--mantine-color-orange-9)', count: (row: Row) => row.in_progress },
  { key: 'backlogOverdue', color: 'var(--mantine-color-red-8)', count: (row: Row) => row.overdue },
] as const;

/** The share of a department's band that its bars fill; the rest keeps the groups apart. */
const BARS_SHARE = 0.7;

export function BacklogChart({ backlog }: { backlog: Dashboard['backlog'] }) {
  const t = useMessages(dashboardMessages);
  const labels = useLabels();
  const series: readonly (ChartSeries & { count: (row: Row) => number })[] = SERIES.map((one) => ({ ...one, label: t(one.key) }));
  const summary = t('backlogSummary', {
    rows: backlog
      .map((row) =>
        t('backlogSummaryRow', {
          department: labels.department(row.department),
          open: row.open,
          inProgress: row.in_progress,
          overdue: row.overdue,
        }),
      )
      .join('; '),
  });
  const ticks = countTicks(Math.max(0, ...backlog.flatMap((row) => series.map((one) => one.count(row)))));
  const top = ticks.at(-1) ?? 1;
  const band = PLOT.width / Math.max(1, backlog.length);
  const barWidth = (band * BARS_SHARE) / series.length;
  const bottom = countY(0, top);
  return (
    <Stack gap={4}>
      <ChartFrame summary={summary}>
        <CountAxis ticks={ticks} />
        {backlog.map((row, index) => {
          const start = PLOT.left + index * band + (band * (1 - BARS_SHARE)) / 2;
          return (
            <g key={row.department}>
              {series.map((one, position) => {
                const y = countY(one.count(row), top);
                // A zero draws nothing rather than a sliver that reads as a small count.
                return one.count(row) > 0 ? (
                  <rect
                    key={one.label}
                    x={start + position * barWidth}
                    y={y}
                    width={barWidth - 2}
                    height={bottom - y}
                    fill={one.color}
                  />
                ) : null;
              })}
              <BottomLabel x={PLOT.left + (index + 0.5) * band}>{labels.department(row.department)}</BottomLabel>
            </g>
          );
        })}
      </ChartFrame>
      <ChartLegend series={series} />
    </Stack>
  );
}
